// The texts of the site's frame, shared by every screen: the name, the header, dialogs, toasts, the
// error and 404 screens.
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const siteTexts = {
  /** interim: the product has no agreed title yet */
  name: 'Õpetuste entsüklopeedia',
  skipToContent: 'Liigu sisu juurde', // interim
  loading: 'Laadimine…', // interim
} as const

export const headerTexts = {
  home: 'Home',
  admin: 'Halduspaneel',
  login: 'Logi sisse',
  navLabel: 'Peamenüü', // interim: accessible name of the header navigation
} as const

export const commonTexts = {
  cancel: 'Tühista', // interim
  close: 'Sulge', // interim: accessible label of a dialog's close button
} as const

export const toastTexts = {
  error: 'Error',
  success: 'Success',
  close: 'Sulge', // interim: accessible label of the close button
  regionLabel: 'Teated ({hotkey})', // interim: Radix replaces {hotkey} with F8
} as const

export const errorTexts = {
  /** interim: shown when a screen fails to load or render */
  screenFailed: 'Lehe laadimine ebaõnnestus',
  tryAgain: 'Proovi uuesti',
} as const

export const notFoundTexts = {
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const
