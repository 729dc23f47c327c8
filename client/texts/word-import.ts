// The texts of importing a Word file into the content editor (issue 30): the button, the dialog,
// the upload and the preview. The issue fixes "Impordi Wordi fail", "Võta kasutusele" and "Loobu";
// texts marked "interim" are our own wording.

export const wordImportTexts = {
  open: 'Impordi Wordi fail',
  title: 'Impordi Wordi fail',
  description: 'Vali .docx-fail. Näed eelvaadet enne, kui midagi salvestatakse.', // interim
  chooseFile: 'Wordi fail (.docx)', // interim: the file input's label
  uploading: 'Laadin üles: {name} ({size}), {percent}%', // interim
  converting: 'Teisendan: {name} ({size})…', // interim
  ready: '{name}: eelvaade on valmis. Vaata see üle ja vajuta „Võta kasutusele“ või „Loobu“.', // interim
  failed: 'Faili ei õnnestunud importida: {reason}', // interim
  fileSize: '{size} MB', // interim
  accept: 'Võta kasutusele',
  cancel: 'Loobu',
  accepted: 'Wordi faili tekst on toimetis. Salvesta, et see lehele jõuaks.', // interim: the toast
  counts: {
    heading: 'Kokkuvõte', // interim
    paragraphs: 'Lõike', // interim
    headings: 'Pealkirju', // interim
    headingLevel: '{level}. tase: {count}', // interim
    noHeadings: 'pole', // interim
    footnotes: 'Joonealuseid märkusi', // interim
    allPaired: 'kõik paaris',
    unpaired: 'paarita: {notes}', // interim
    pictures: 'Pilte', // interim
    tables: 'Tabeleid', // interim
  },
  warnings: {
    heading: 'Hoiatused', // interim
    none: 'Hoiatusi ei ole.', // interim
    repeated: '{message} ({count} korda)', // interim
  },
  linksKept: 'Wordi failis pole viidete osa: lehe praegune viidete osa jääb alles.', // interim
  toc: 'Sisukord', // interim
  noToc: 'Dokumendis pole pealkirju.', // interim
  page: 'Lehe eelvaade', // interim: the preview of the page's text, a region
  notes: 'Viited ja märkused', // interim: as the reader names the links section
  compare: 'Muudatused võrreldes praeguse tekstiga', // interim
} as const
