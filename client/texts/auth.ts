// The texts of logging in and out.
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const authTexts = {
  heading: 'Logi sisse',
  username: 'Kasutajanimi', // interim
  password: 'Parool', // interim
  submit: 'Logi sisse',
  submitting: 'Sisselogimine…', // interim
  loginSuccess: 'Sisselogimine õnnestus',
  loginFailureTitle: 'Viga',
  logoutSuccess: 'Väljalogimine õnnestus',
  logoutFailure: 'Väljalogimine ebaõnnestus',
} as const

/** The question before logging out while there is unsaved work (decision 044). */
export const logoutUnsavedTexts = {
  title: 'Salvestamata muudatused', // interim
  description:
    'Sul on salvestamata muudatusi. Väljalogimisel kustutatakse need sellest brauserist ja neid ei saa hiljem taastada.', // interim
  stay: 'Jätka tööd', // interim
  logOut: 'Logi välja', // interim
  loggingOut: 'Väljalogimine…', // interim
} as const
