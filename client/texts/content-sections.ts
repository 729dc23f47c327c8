// The texts of section editing, local drafts and the save shortcut in the content editor (issue 15),
// and of the reader's "edit this section" link for administrators.
// Texts without a mark are the exact wording: keep every letter. Texts marked "interim" are
// our own. They are Estonian like the issue's own wording, though the rest of the editor is English.

export const sectionTexts = {
  editSection: 'Muuda seda jaotist',
  /** The reader's link, named after its heading for screen readers. */
  editSectionNamed: 'Muuda seda jaotist: {heading}', // interim
  tocHeading: 'Lehe jaotised', // interim
  tocHint: 'Suure lehe jaotist saab muuta rikasteksti vaates: vali jaotis, muuda seda ja salvesta.', // interim
  tocShow: 'Näita jaotisi', // interim
  tocHide: 'Peida jaotised', // interim
  editing: 'Muudad jaotist „{heading}“. Salvestamine paneb selle tagasi lehele, muu lehe sisu jääb samaks.', // interim
  wholePage: 'Muuda kogu lehte', // interim
  notFound:
    'Jaotist „{section}“ sellel lehel ei ole: selle pealkirja on ehk muudetud või see on eemaldatud. Avatud on kogu leht.', // interim
  conflict: {
    title: 'Lehte on vahepeal muudetud', // interim
    description:
      '{who} salvestas selle lehe {when}, pärast seda, kui sina jaotise avasid. Kas panna sinu jaotis nende versiooni? See õnnestub vaid siis, kui keegi teine pole seda jaotist muutnud.', // interim
    someone: 'Keegi', // interim
    put: 'Pane jaotis uuemasse versiooni', // interim
    cancel: 'Jätka muutmist', // interim
    headingMissing:
      'Jaotise pealkirja on vahepeal muudetud või see on eemaldatud, seega ei saa jaotist kindlalt tagasi panna. Sinu tekst on alles: kopeeri see ja ava leht uuesti.', // interim
    sectionChanged:
      'Keegi teine on seda jaotist vahepeal muutnud, seega ei pane me sinu versiooni selle peale. Sinu tekst on alles: kopeeri see ja ava leht uuesti.', // interim
  },
} as const

export const draftTexts = {
  /** {date} and {time} of the draft's last write. */
  found: 'Leidsin salvestamata mustandi ({date} kell {time})',
  restore: 'Taasta mustand',
  discard: 'Loobu',
  pageChanged:
    'Lehte on pärast mustandi tegemist salvestatud: mustandi taastamine ja salvestamine kirjutaks need muudatused üle.', // interim
  sectionLabel: 'jaotis „{section}“', // interim
} as const

export const saveShortcutTexts = {
  /** The save button's title; {save} is its label. */
  title: '{save} (Ctrl+S)', // interim
  keys: 'Control+S Meta+S',
} as const
