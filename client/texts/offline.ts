// The texts of offline reading (decision 032): the offline notice, a page with no offline copy,
// and saving a book on the book page. All are our own wording ("interim" in the sense of
// client/texts/reader.ts: the product names the first two, the rest it leaves open).

export const offlineTexts = {
  /** Shown while the browser has no network. */
  notice: 'Võrguühendus puudub — näitan salvestatud koopiat',
  /** A page never opened or saved while online. */
  pageNotSaved: 'Seda lehte pole võrguühenduseta lugemiseks salvestatud',
  pageNotSavedHint:
    'Avatud lehed ja salvestatud raamatud on loetavad ka ilma võrguühenduseta. Selle lehe lugemiseks ühendu uuesti võrku.',
  screenNotSaved: 'Seda vaadet pole võrguühenduseta lugemiseks salvestatud. Ühendu uuesti võrku.',
  heading: 'Võrguühenduseta lugemine',
  save: 'Salvesta raamat võrguühenduseta lugemiseks',
  saveHint: 'Kõik raamatu avaldatud lehed salvestatakse sellesse seadmesse.',
  saveNeedsNetwork: 'Raamatu salvestamiseks on vaja võrguühendust.',
  unsupported: 'See brauser ei võimalda raamatut võrguühenduseta lugemiseks salvestada.',
  /** Progress while saving: pages done of all pages. */
  progress: '{done} / {total} lehte',
  progressLabel: 'Salvestamise edenemine',
  cancel: 'Katkesta',
  savedAt: 'Salvestatud võrguühenduseta lugemiseks {date}.',
  savedSize: '{pages} lehte, {size}.',
  storageUsed: 'Sellel saidil on seadmes kasutusel {usage}{quota}.',
  storageQuota: ' {quota}-st',
  incomplete: 'Salvestamine jäi pooleli: salvestatud on {done} / {total} lehte.',
  resume: 'Jätka salvestamist',
  failed: 'Salvestamine katkes: {reason}',
  failedOffline: 'võrguühendus katkes',
  failedStorage: 'seadmes pole piisavalt ruumi',
  failedServer: 'server ei andnud kõiki lehti (proovi hiljem uuesti)',
  remove: 'Eemalda võrguühenduseta koopia',
  removed: 'Võrguühenduseta koopia eemaldati.',
  changed: 'Pärast salvestamist on muutunud {count} lehte.',
  upToDate: 'Koopia on ajakohane.',
  update: 'Uuenda',
} as const
