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
