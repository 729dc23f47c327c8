// The texts of the collections screen ('Kogud', decision 056).
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const collectionsTexts = {
  nav: 'Kogud', // interim
  heading: 'Kogud', // interim
  /** interim */
  intro:
    'Kaanoni kogud ja nende nimed. Otsing loeb viidet iga nime järgi: „SN 55.37“, „Linked Discourses 55.37“ ja „Saṃyutta Nikāya 55.37“ on sama koht.',
  columns: {
    abbreviation: 'Lühend', // interim
    paliName: 'Paali nimi', // interim
    englishName: 'Inglise nimi', // interim
    estonianName: 'Eesti nimi', // interim
    aliases: 'Muud nimed', // interim
    parent: 'Kuulub kogusse', // interim
    actions: 'Tegevused',
  },
  empty: 'Kogusid veel ei ole. Lisa esimene kogu nupuga „Lisa kogu“.', // interim
  fetchFailed: 'Kogude laadimine ebaõnnestus', // interim
  add: 'Lisa kogu', // interim
  edit: 'Muuda kogu', // interim
  editAction: 'Muuda', // interim
  formDescription: 'Lühend ja nimed, mille järgi otsing viiteid tunneb.', // interim
  fields: {
    abbreviation: 'Lühend', // interim
    abbreviationHint: '1–12 tähte, nt SN või Dhp.', // interim
    paliName: 'Paali nimi', // interim
    englishName: 'Inglise nimi', // interim
    estonianName: 'Eesti nimi', // interim
    aliases: 'Muud nimed', // interim
    aliasesHint: 'Üks nimi rea kohta, nt teine kirjapilt või vana lühend.', // interim
    parent: 'Kuulub kogusse', // interim
    noParent: '— ei kuulu —', // interim
    position: 'Järjekord', // interim
  },
  errors: {
    abbreviationRequired: 'Sisesta lühend.', // interim
    abbreviationTooLong: 'Lühend on kuni 12 tähte.', // interim
    abbreviationLetters: 'Lühendis võivad olla ainult tähed.', // interim
    nameRequired: 'Sisesta nimi.', // interim
    nameTooLong: 'Nimi on kuni 200 märki.', // interim
    nameLetters: 'Nimes võivad olla tähed, tühikud, sidekriipsud ja ülakomad; see algab tähega.', // interim
    aliasesTooMany: 'Muid nimesid võib olla kuni 20.', // interim
    positionNumber: 'Järjekord on täisarv.', // interim
    /** interim: the server's 409 */
    abbreviationTaken: 'Selle lühendiga kogu on juba olemas (suurtähed ja täppidega tähed ei loe).',
  },
  save: 'Salvesta', // interim
  saving: 'Salvestamine…', // interim
  created: 'Kogu „{abbreviation}“ on lisatud.', // interim
  updated: 'Kogu „{abbreviation}“ on salvestatud.', // interim
  delete: 'Kustuta kogu', // interim
  deleteAction: 'Kustuta', // interim
  /** interim but for its last sentence: the confirmation must say it cannot be undone */
  deleteWarning:
    'Kogu „{title}“ kustutatakse; otsing ei tunne enam viiteid selle nimedega. Selle raamatud jäävad alles ilma ülemkoguta. Seda ei saa tagasi võtta.',
  deleting: 'Kustutamine…', // interim
  deleted: 'Kogu on kustutatud.', // interim
} as const
