// The texts of the visitor's feedback dialog.
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const feedbackTexts = {
  open: 'Tagasiside', // interim: the button that opens the dialog
  title: 'Tagasiside', // interim
  description: 'Kirjuta meile, mida arvad. Nimi ja e-post ei ole kohustuslikud.', // interim
  name: 'Nimi', // interim
  email: 'E-post', // interim
  feedback: 'Tagasiside', // interim
  submit: 'Saada', // interim
  submitting: 'Saatmine…', // interim
  tiedToPage: 'Tagasiside seotakse lehega „{title}“.', // interim: sent from a reader page
  tiedToThisPage: 'Tagasiside seotakse selle lehega.', // interim: the page's title is not known (yet)
  attachPassage: 'Lisa valitud tekst: „{passage}“', // interim: the checkbox for the selected passage
  success: 'Täname tagasiside eest!',
  failure: 'Tagasiside saatmine ebaõnnestus. Palun proovige hiljem uuesti.',
} as const
