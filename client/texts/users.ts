// The texts of the users screen and of logging in again when a session has ended.
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const usersTexts = {
  nav: 'Kasutajad', // interim
  heading: 'Kasutajad', // interim
  columns: {
    username: 'Kasutajanimi', // interim
    createdAt: 'Lisatud', // interim
    lastSeen: 'Viimati nähtud', // interim
    status: 'Olek', // interim
    actions: 'Tegevused',
  },
  active: 'Aktiivne', // interim
  disabled: 'Keelatud', // interim
  you: 'sina', // interim: marks the logged-in administrator's own row
  never: 'pole sisse loginud', // interim
  empty: 'Kasutajaid ei ole.', // interim
  fetchFailed: 'Kasutajate laadimine ebaõnnestus', // interim
  add: 'Lisa administraator', // interim
  addDescription: 'Uus administraator saab hallata kogu sisu ja teisi kasutajaid.', // interim
  addSubmit: 'Lisa', // interim
  adding: 'Lisamine…', // interim
  added: 'Administraator „{username}“ on lisatud.', // interim
  fields: {
    username: 'Kasutajanimi', // interim
    password: 'Parool', // interim
    passwordHint: 'Vähemalt 8 märki.', // interim
  },
  usernameTaken: 'Selle nimega kasutaja on juba olemas.', // interim
  disableAction: 'Keela', // interim
  enableAction: 'Luba', // interim
  disableTitle: 'Keela kasutaja', // interim
  /** interim */
  disableWarning:
    'Kasutaja „{username}“ ei saa enam sisse logida ja tema seansid lõpevad kohe. Kasutaja saab hiljem uuesti lubada.',
  disabling: 'Keelamine…', // interim
  disabledToast: 'Kasutaja „{username}“ on keelatud.', // interim
  enabledToast: 'Kasutaja „{username}“ on lubatud.', // interim
  delete: 'Kustuta kasutaja', // interim
  deleteAction: 'Kustuta', // interim
  /** interim but for its last sentence: the confirmation must say it cannot be undone */
  deleteWarning:
    'Kasutaja „{title}“ kustutatakse ja tema seansid lõpevad. Tema tehtud muudatused jäävad alles. Seda ei saa tagasi võtta.',
  deleting: 'Kustutamine…', // interim
  deleted: 'Kasutaja on kustutatud.', // interim
  /** interim: the server refused to leave the site without an active administrator */
  lastAdministrator: 'Viimast aktiivset administraatorit ei saa keelata ega kustutada. Lisa või luba enne teine.',
  password: {
    heading: 'Muuda parooli', // interim
    description: 'Pärast muutmist lõpevad sinu seansid teistes seadmetes; siin jääd sisse loginuks.', // interim
    current: 'Praegune parool', // interim
    next: 'Uus parool', // interim
    repeat: 'Uus parool uuesti', // interim
    submit: 'Muuda parooli', // interim
    saving: 'Salvestamine…', // interim
    mismatch: 'Paroolid ei kattu.', // interim
    wrongCurrent: 'Praegune parool ei ole õige.', // interim
    changed: 'Parool on muudetud.', // interim
  },
} as const

export const sessionRenewalTexts = {
  title: 'Seanss on aegunud',
  /** interim */
  description: 'Logi uuesti sisse, et jätkata. Sinu muudatused on alles ja pooleli jäänud toiming jätkub.',
  username: 'Kasutajanimi', // interim
  password: 'Parool', // interim
  passwordRequired: 'Sisesta parool.', // interim
  submit: 'Logi sisse',
  submitting: 'Sisselogimine…', // interim
  wrongPassword: 'Parool ei sobi või see kasutaja ei saa enam sisse logida.', // interim
  renewed: 'Oled uuesti sisse logitud. Toiming jätkub.', // interim
  /** interim: after Cancel, the notice under the header */
  cancelled: 'Muudatused on ekraanil alles, kuid salvestamata. Logi uuesti sisse ja salvesta.',
  loginAgain: 'Logi uuesti sisse', // interim
} as const
