// Every user-facing text of the interface, in one place so the Estonian (and English) wording can
// be reviewed together. Texts marked "interim" are not in the spec: honest placeholders for screens
// that later issues fill, or wording the spec leaves open.

export const texts = {
  site: {
    /** interim: the spec names no product title */
    name: 'Õpetuste entsüklopeedia',
    skipToContent: 'Liigu sisu juurde', // interim
    loading: 'Laadimine…', // interim
  },
  header: {
    home: 'Home',
    admin: 'Halduspaneel',
    login: 'Logi sisse',
    navLabel: 'Peamenüü', // interim: accessible name of the header navigation
  },
  welcome: {
    // interim: the spec asks for "a quotation and an institute signature"; this is our own
    // rendering of Dhammapada verse 5.
    heading: 'Tere tulemast',
    quotation:
      'Viha ei vaigista siin maailmas kunagi viha. Viha vaigistab ainult mitteviha. See on igavene seadus.',
    quotationSource: 'Dhammapada, salm 5',
    signature: 'Õpetuste entsüklopeedia toimetus',
  },
  reader: {
    contentHeading: 'Sisu', // interim
    termHeading: 'Termin', // interim
    termNotFound: 'Term not found',
    noSearchResults: 'Tulemusi ei leitud',
  },
  lexicon: {
    heading: 'Leksikon', // interim
  },
  notFound: {
    heading: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
  },
  auth: {
    heading: 'Logi sisse',
    username: 'Kasutajanimi', // interim
    password: 'Parool', // interim
    submit: 'Logi sisse',
    submitting: 'Sisselogimine…', // interim
    loginSuccess: 'Sisselogimine õnnestus',
    loginFailureTitle: 'Viga',
    logoutSuccess: 'Väljalogimine õnnestus',
    logoutFailure: 'Väljalogimine ebaõnnestus',
  },
  admin: {
    accessRequired: 'Administraatori ligipääs nõutud',
    loginLink: 'Logi sisse',
    navLabel: 'Halduse menüü', // interim
    nav: {
      home: 'Home',
      books: 'Books',
      lexicon: 'Lexicon',
      feedback: 'Feedback',
      logout: 'Log out',
    },
    books: { heading: 'Raamatud' },
    chapters: { heading: 'Chapters' },
    chapterNew: { heading: 'Add Chapter' },
    chapterEdit: { heading: 'Edit Chapter' },
    pages: { heading: 'Pages' },
    contentNew: { heading: 'Add Content' },
    contentEdit: { heading: 'Edit Content' }, // interim
    lexicon: { heading: 'Leksikon' }, // interim
    termNew: { heading: 'Add Term' }, // interim
    termEdit: { heading: 'Edit Term' }, // interim
    feedback: { heading: 'Tagasiside' }, // interim
  },
  toast: {
    error: 'Error',
    success: 'Success',
    close: 'Sulge', // interim: accessible label of the close button
    regionLabel: 'Teated ({hotkey})', // interim: Radix replaces {hotkey} with F8
  },
  errors: {
    /** interim: shown when a screen fails to load or render */
    screenFailed: 'Lehe laadimine ebaõnnestus',
    tryAgain: 'Proovi uuesti',
  },
} as const
