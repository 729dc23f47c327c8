// The texts of the admin gate: the one admin screen a visitor's first page carries, so they are kept
// apart from client/texts/admin.ts.
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const adminGateTexts = {
  accessRequired: 'Administraatori ligipääs nõutud',
  loginLink: 'Logi sisse',
} as const
