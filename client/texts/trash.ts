// The texts of the trash screen ('Prügikast', decision 043). Texts marked "interim" are our own: the
// product names the screen but leaves its wording open.

export const trashTexts = {
  nav: 'Prügikast', // interim: the product's name of the screen
  heading: 'Prügikast', // interim
  /** interim; {days}: how long things are kept */
  intro:
    'Siin on kustutatud raamatud, peatükid ja lehed. Need saab taastada {days} päeva jooksul, seejärel kustutatakse need lõplikult.',
  columns: {
    what: 'Mis', // interim
    deleted: 'Kustutatud', // interim
    purgeAfter: 'Lõplik kustutamine', // interim
    actions: 'Tegevused',
  },
  kinds: { book: 'Raamat', chapter: 'Peatükk', content: 'Leht' }, // interim
  /** interim: where a chapter or page was */
  from: { chapter: 'raamatust „{title}“', content: 'peatükist „{title}“' },
  /** interim: what a book or chapter held */
  contains: '{chapters} peatükki, {pages} lehte',
  containsPages: '{pages} lehte', // interim
  by: '{who}', // interim
  unknownUser: 'tundmatu', // interim
  empty: 'Prügikast on tühi.', // interim
  fetchFailed: 'Prügikasti laadimine ebaõnnestus', // interim
  restoreAction: 'Taasta', // interim
  restoreTitle: 'Taasta prügikastist', // interim
  /** interim; {kind} is one of kinds, lower case */
  restoreWarning: '{kind} „{title}“ pannakse tagasi oma kohale koos kõige, mis sellesse kuulus.',
  restoring: 'Taastamine…', // interim
  restored: '„{title}“ on taastatud.', // interim
  restoredToEnd: '„{title}“ on taastatud. Tema endine koht oli vahepeal võetud, nii et see on nüüd loendi lõpus.', // interim
  parentInTrash: '„{title}“ kuulus kohta, mis on samuti prügikastis: taasta enne „{parent}“.', // interim
  parentGone: '„{title}“ ei saa taastada: raamat või peatükk, kuhu see kuulus, on lõplikult kustutatud.', // interim
  purgeAction: 'Kustuta lõplikult', // interim
  purgeTitle: 'Kustuta lõplikult', // interim
  purgeWarning: '„{title}“ kustutatakse lõplikult. Seda ei saa tagasi võtta.', // interim
  purging: 'Kustutamine…', // interim
  purged: '„{title}“ on lõplikult kustutatud.', // interim
  emptyAction: 'Tühjenda prügikast', // interim
  emptyTitle: 'Tühjenda prügikast', // interim
  emptyWarning: 'Kõik prügikastis olev ({count}) kustutatakse lõplikult. Seda ei saa tagasi võtta.', // interim
  emptying: 'Tühjendamine…', // interim
  emptied: 'Prügikast on tühjendatud.', // interim
} as const
