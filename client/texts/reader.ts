// The texts of the visitor's screens: the welcome page, the reader, the side panel and the lexicon.
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const welcomeTexts = {
  // interim: the page shows "a quotation and an institute signature"; this is our own
  // rendering of Dhammapada verse 5.
  heading: 'Tere tulemast',
  quotation: 'Viha ei vaigista siin maailmas kunagi viha. Viha vaigistab ainult mitteviha. See on igavene seadus.',
  quotationSource: 'Dhammapada, salm 5',
  signature: 'Õpetuste entsüklopeedia toimetus',
} as const

export const readerTexts = {
  contentHeading: 'Sisu', // interim
  termHeading: 'Termin', // interim
  termNotFound: 'Term not found',
  termForms: 'Vormid',
  contentNotFound: 'Sisu ei leitud', // interim
  fetchContentFailed: 'Failed to fetch content',
  partOf: 'part {loaded} of {total}',
  allLoaded: 'Kogu sisu laetud ({total} osa)',
  loadMore: 'Lae rohkem',
  loadAll: 'Lae kogu sisu',
  loadingPart: 'Osa laadimine…', // interim: a placeholder for a part not loaded yet
  chunkFailed: 'Osa {chunk} laadimine ebaõnnestus.', // interim
  retry: 'Proovi uuesti', // interim
  toc: 'Sisukord', // interim: the table-of-contents button and its list
  tocFailed: 'Sisukorra laadimine ebaõnnestus', // interim: the table of contents could not be fetched
  tocEmpty: 'Sellel lehel pole pealkirju.', // interim
  pdf: 'PDF', // interim: the PDF export button
  pdfLabel: 'PDF: ava prinditav vaade', // interim (starts with the visible text, for voice control)
  titleBarLabel: 'Lehe tööriistad', // interim
  notes: 'Viited ja märkused', // interim: the links section's landmark name
  copyLink: 'Kopeeri lõigu link', // interim
  copyLinkKeys: 'Nooleklahvid üles ja alla valivad lõigu, Enter kopeerib selle lingi.', // interim: the paragraph link's key hint
  linkCopied: 'Link kopeeritud', // interim
  copyFailed: 'Linki ei õnnestunud kopeerida', // interim
  termPopupOpenPage: 'Ava termini leht', // interim
  termLoading: 'Laadimine…', // interim
  breadcrumbLabel: 'Asukoht', // interim
  // interim: previous and next page in the side tree's order, in the title bar and at the page's end
  pagerLabel: 'Eelmine ja järgmine lehekülg',
  pagerEndLabel: 'Lehe lõpp: eelmine ja järgmine lehekülg',
  previous: '‹ Eelmine',
  next: 'Järgmine ›',
  previousPage: 'Eelmine lehekülg: {title}',
  nextPage: 'Järgmine lehekülg: {title}',
  // interim: the offer to go back to where the reader stopped last time, and the home page's list
  resumeLabel: 'Lugemise jätkamine',
  resumePrompt: 'Jätka sealt, kus eelmisel korral pooleli jäid?',
  resume: 'Jätka',
  resumeDismiss: 'Ei, aitäh',
  recentlyRead: 'Viimati loetud',
  // interim: find in page (the title bar's button and the bar it opens)
  find: 'Otsi lehelt',
  findPlaceholder: 'Otsi sellelt lehelt…',
  findPrevious: 'Eelmine vaste',
  findNext: 'Järgmine vaste',
  findClose: 'Sulge otsing lehelt',
  findCount: 'Vaste', // read before "3 / 17"
  findNone: 'Ei leitud',
  findSearching: 'Otsin…',
  findFailed: 'Otsing ebaõnnestus',
  findKeys: 'Enter järgmine, Shift+Enter eelmine, Esc sulgeb',
  // interim: the reading settings' button in the title bar and its popover
  settings: 'Aa',
  settingsLabel: 'Aa: lugemisseaded', // starts with the visible text, for voice control
  settingsHeading: 'Lugemisseaded',
  settingsNotKept: 'Brauser ei luba seadeid salvestada: need kehtivad ainult selle lehe avamiseni.',
  textSize: 'Kirja suurus',
  textSizes: { small: 'Väike', medium: 'Keskmine', large: 'Suur', 'x-large': 'Väga suur' },
  width: 'Rea laius',
  widths: { narrow: 'Kitsas', medium: 'Keskmine', wide: 'Lai' },
  theme: 'Teema',
  themes: { system: 'Süsteemi järgi', light: 'Hele', sepia: 'Seepia', dark: 'Tume' },
  print: {
    loading: 'Kogu sisu laadimine printimiseks… ({loaded}/{total})', // interim
    ready: 'Prindivaade on valmis.', // interim
    printAgain: 'Prindi', // interim
    close: 'Sulge prindivaade', // interim
    toc: 'Sisukord', // interim
    chapterLoading: 'Peatüki lehekülgede laadimine printimiseks… ({loaded}/{total})', // interim
    chapterEmpty: 'Selles peatükis pole veel avaldatud lehekülgi.', // interim
    chapter: 'Prindi kogu peatükk (PDF)', // interim: the chapter page's link to its print view
    chapterEpub: 'Laadi peatükk alla EPUB-ina', // interim: the chapter page's download, beside the print link
    pageEpub: 'Laadi alla EPUB-ina', // interim: the single page's print view toolbar
    pageDocx: 'Lae alla Wordi failina', // issue 30: the single page's Word file, beside its EPUB
  },
} as const

/** The book and chapter pages (/book/:id, /chapter/:id) and their links in the side tree. */
export const bookTexts = {
  bookNotFound: 'Raamatut ei leitud', // interim
  chapterNotFound: 'Peatükki ei leitud', // interim
  chapters: 'Peatükid', // interim
  pages: 'Leheküljed', // interim
  pageCount: '{count} lk', // interim: a chapter's published pages in the book's chapter list
  noChapters: 'Selles raamatus pole veel avaldatud peatükke.', // interim
  noPages: 'Selles peatükis pole veel avaldatud lehekülgi.', // interim
  aboutBook: 'Raamatust', // interim: the side tree's link to the book page
  aboutChapter: 'Peatükist', // interim: the side tree's link to the chapter page
  epub: 'Laadi alla EPUB-ina', // interim: the book page's download of the whole book
}

export const sidePanelTexts = {
  label: 'Raamatud ja peatükid', // interim: the side panel's navigation name
  resize: 'Muuda külgpaneeli laiust', // interim
  lexicon: 'Leksikon', // interim
  donate: 'Toeta meid', // interim
  opensInNewTab: '(avaneb uues aknas)', // interim
  feedback: 'Tagasiside', // interim
  menu: 'Menüü', // interim: the phone menu button and sheet
  loadFailed: 'Sisukorra laadimine ebaõnnestus', // interim
  empty: 'Raamatuid veel ei ole.', // interim
} as const

/** A term's "where used", on the term page and the term's admin screen. */
export const termUsageTexts = {
  heading: 'Kasutatud lehtedel', // interim: the wording
  loading: 'Laadimine…', // interim
  failed: 'Kasutuskohti ei õnnestunud laadida.', // interim
  none: 'Seda terminit pole veel ühelgi lehel kasutatud.', // interim
  onePlace: '1 kohas', // interim
  places: '{count} kohas', // interim
  unpublished: 'avaldamata', // interim
  more: 'Näidatud {shown} lehte {total}-st.', // interim
}

export const lexiconTexts = {
  heading: 'Leksikon', // interim
  search: 'Otsi leksikonist', // interim: label of the search box
  loadMore: 'Load More',
  noMatches: 'No terms found matching "{search}"',
  empty: 'Leksikonis pole veel termineid.', // interim
  letterCount: '{count} terminit', // interim
  fetchFailed: 'Failed to fetch terms',
} as const

/** The reader's "edit this section" link, shown only to a logged-in administrator (SectionEditLink.tsx). */
export const sectionEditTexts = {
  editSection: 'Muuda seda jaotist',
  editSectionNamed: 'Muuda seda jaotist: {heading}', // interim: named after its heading for screen readers
} as const

/** Looking up any word of a page's text in the lexicon (the reader's gestures and the term popup). */
export const lookupTexts = {
  lookUp: 'Otsi leksikonist', // the button beside a selected word (the wording)
  lookUpKey: 'L', // interim: the key that looks up the selected word
  lookUpHint: 'Otsi valitud sõna leksikonist (klahv L)', // interim: the button's tooltip
  notFound: 'Leksikonis pole', // the wording
  similar: 'Sarnased terminid:', // interim
  compound: 'Liitsõna:', // the task's wording
  back: 'Tagasi', // the task's wording: from a part's or a similar term's entry back to the word
  otherMatches: 'Teised vasted:', // interim: further readings of the same word
  failed: 'Sõna otsimine leksikonist ebaõnnestus.', // interim
} as const
