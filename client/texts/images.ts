// The texts of pictures in pages: the editor's picture button, dialog and notice, and the image
// library (/admin/images). All our own ("interim"): the product leaves pictures open.

export const imageTexts = {
  editor: {
    insert: 'Lisa pilt', // interim: the toolbar button
    chooseFile: 'Vali pildifail', // interim: the file input's accessible name
    dialogTitle: 'Pildi lisamine', // interim
    dialogDescription: 'Kirjelda pilti lugejale, kes seda ei näe (ekraanilugeja, aeglane ühendus).', // interim
    uploading: 'Laadin pilti üles… {percent}%', // interim
    processing: 'Server töötleb pilti…', // interim
    uploaded: 'Pilt on üles laaditud: {width}×{height} px', // interim
    picked: 'Pilt pildikogust: {width}×{height} px', // interim
    fromLibrary: 'Vali pilt pildikogust', // interim: the toolbar button and the picker's title
    fromLibraryDescription: 'Vali pilt, mis on juba üles laaditud.', // interim
    libraryEmpty: 'Pildikogu on tühi: lisa pilt nupuga „Lisa pilt“.', // interim
    dimensions: '{width}×{height} px', // interim
    libraryFailed: 'Pildikogu ei õnnestunud laadida', // interim
    alreadyThere: 'See pilt oli juba kogus; kasutan sama faili.', // interim
    alt: 'Alternatiivtekst', // interim
    altHint: 'Mida pilt näitab, ühe-kahe lausega.', // interim
    altRequired: 'Kirjuta alternatiivtekst või märgi pilt dekoratiivseks.', // interim
    decorative: 'Pilt on dekoratiivne (ei kanna sisu)', // interim
    insertAction: 'Lisa lehele', // interim
    cancel: 'Loobu', // interim
    failed: 'Pildi üleslaadimine ebaõnnestus', // interim: the toast's title; the server's words follow
    notAnImage: 'Fail „{name}“ ei ole pilt.', // interim
    tooLarge: 'Fail „{name}“ on liiga suur: pilt võib olla kuni {megabytes} MB.', // interim
    oneAtATime: 'Lisan esimese pildi; ülejäänud lisa ükshaaval.', // interim
    outsideNotice: 'Lehel on {count} välist pilti, mida sait ei näita (turvapoliitika lubab ainult saidi oma pilte):', // interim
    outsideHint: 'Laadi need pildid üles nupuga „Lisa pilt“ ja asenda aadressid.', // interim
  },
  library: {
    heading: 'Pildid', // interim
    description: 'Lehtedele lisatud pildid. Pilti saab kustutada, kui ükski leht seda ei kasuta.', // interim
    empty: 'Pilte veel ei ole. Lisa pilt sisuredaktoris nupuga „Lisa pilt“, kleepides või lohistades.', // interim
    fetchFailed: 'Pilte ei õnnestunud laadida', // interim
    size: '{width}×{height} px, {size}', // interim
    uploadedBy: 'Lisas {who}, {when}', // interim
    uploadedAt: 'Lisatud {when}', // interim
    alt: 'Alternatiivtekst', // interim
    noAlt: 'Alternatiivtekst puudub', // interim
    altHint: 'Pakutakse pildi järgmisel lisamisel; lehtedel juba olevaid pilte see ei muuda.', // interim
    saveAlt: 'Salvesta', // interim
    altSaved: 'Alternatiivtekst on salvestatud', // interim
    usedBy: 'Kasutusel lehtedel:', // interim
    unused: 'Ei ole kasutusel', // interim
    draft: '(mustand)', // interim
    copy: 'Kopeeri HTML', // interim
    copied: 'Pildi HTML on kopeeritud: kleebi see lehe HTML-vaatesse.', // interim
    copyFailed: 'Kopeerimine ebaõnnestus', // interim
    delete: 'Kustuta pilt', // interim
    deleteAction: 'Kustuta', // interim
    deleteWarning: 'Pilt „{title}“ kustutatakse. Seda ei saa tagasi võtta.', // interim
    deleting: 'Kustutan…', // interim
    deleted: 'Pilt on kustutatud', // interim
    inUseTitle: 'Kasutuses olevat pilti ei saa kustutada', // interim: why the delete button is missing
    untitled: 'nimetu pilt', // interim
  },
}
