// The texts of a page's history (/admin/content/history/{id}): the list of versions, the comparison
// and restoring a version. Texts marked "interim" are our own wording; the issue names "Ajalugu"
// and "Taasta see versioon".

export const revisionTexts = {
  open: 'Ajalugu',
  heading: 'Lehe ajalugu', // interim
  headingOf: 'Lehe „{title}“ ajalugu', // interim
  backToEditor: 'Tagasi toimetisse', // interim
  loading: 'Laadimine…', // interim
  notFound: 'Lehte ei leitud.', // interim
  fetchFailed: 'Ajalugu ei õnnestunud laadida.', // interim
  tableLabel: 'Lehe versioonid', // interim
  columns: {
    from: 'Vanem', // interim: the radio column choosing the older side of a comparison
    to: 'Uuem', // interim
    version: 'Versioon', // interim
    when: 'Salvestatud', // interim
    who: 'Kes', // interim
    size: 'Suurus', // interim
    summary: 'Muudatused', // interim
    actions: 'Tegevused', // interim
  },
  current: 'praegune', // interim: marks the current version in the list
  versionNumber: 'v{version}', // interim
  unknownUser: 'teadmata', // interim
  chooseFrom: 'Vali versioon {version} vanemaks', // interim: accessible name of a radio button
  chooseTo: 'Vali versioon {version} uuemaks', // interim
  empty: 'Varasemaid versioone ei ole: lehte on salvestatud üks kord.', // interim
  /** "+12 lõiku, −3, 41 muudetud" */
  summary: '+{added} lõiku, −{removed}, {changed} muudetud', // interim
  summaryUnknown: 'muudatused pole teada', // interim: kept before summaries were
  compare: 'Võrdle', // interim
  compareHeading: 'Versioon {from} ↔ {to}', // interim
  currentVersion: 'praegune (v{version})', // interim
  compareFailed: 'Võrdlust ei õnnestunud teha.', // interim
  comparing: 'Võrdlen…', // interim
  sameVersion: 'Vali kaks erinevat versiooni: vanem enne uuemat.', // interim
  views: { label: 'Võrdluse vaade', inline: 'Ühes veerus', sideBySide: 'Kõrvuti' }, // interim
  comparisonSummary: '{changed} lõiku muudetud, {added} lisatud, {removed} eemaldatud, {unchanged} samad', // interim
  noChanges: 'Nende versioonide tekst on sama.', // interim
  titleChanged: 'Pealkiri: „{from}“ → „{to}“', // interim
  truncated: 'Näidatakse esimesed {shown} muudatust; ülejäänud leiad, kui võrdled vahepealseid versioone.', // interim
  gap: '…', // interim: between hunks
  kinds: {
    changed: 'Muudetud lõik', // interim: read before a changed block
    added: 'Lisatud lõik', // interim
    removed: 'Eemaldatud lõik', // interim
    same: 'Muutmata lõik', // interim
  },
  inserted: 'lisatud:', // interim: screen-reader text before inserted words
  deleted: 'eemaldatud:', // interim
  older: 'Vanem', // interim: the side-by-side column heading
  newer: 'Uuem', // interim
  restore: 'Taasta see versioon',
  restoreTitle: 'Taastada versioon {version}?', // interim
  restoreWarning:
    'Versiooni {version} tekst ja pealkiri salvestatakse lehe uueks versiooniks. Praegune tekst jääb ajalukku alles.', // interim
  restoring: 'Taastan…', // interim
  restored: 'Versioon {version} on taastatud.', // interim
  restoreConflict: 'Lehte on vahepeal muudetud. Vaata ajalugu uuesti ja proovi siis taastada.', // interim
} as const
