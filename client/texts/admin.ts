// The texts of the admin screens but the content editor (client/texts/content-editor.ts).
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const adminTexts = {
  navLabel: 'Halduse menüü', // interim
  /** interim: the admin footer's running version */
  version: (version: string) => `Versioon ${version}`,
  breadcrumbLabel: 'Breadcrumb', // interim: accessible name of the admin breadcrumb
  nav: {
    home: 'Home',
    books: 'Books',
    lexicon: 'Lexicon',
    images: 'Pildid', // interim
    feedback: 'Feedback',
    audit: 'Audit log', // interim
    logout: 'Log out',
  },
  books: {
    heading: 'Raamatud',
    columns: { title: 'Pealkiri', description: 'Kirjeldus', order: 'Järjekord', actions: 'Tegevused' },
    add: 'Lisa raamat',
    edit: 'Muuda raamatut',
    delete: 'Kustuta raamat',
    editAction: 'Muuda', // interim: the row's edit button
    deleteAction: 'Kustuta', // interim: the row's delete button and the confirmation's button
    /** interim but for its last sentence: the confirmation must say it cannot be undone */
    deleteWarning: 'Raamat „{title}“ kustutatakse koos kõigi peatükkide ja lehtedega. Seda ei saa tagasi võtta.',
    empty: 'Raamatuid veel ei ole.', // interim
    fields: {
      title: 'Pealkiri',
      description: 'Kirjeldus',
      order: 'Järjekord',
      coverImage: 'Kaanepilt', // interim
      coverImagePreview: 'Kaanepildi eelvaade', // interim
      removeCoverImage: 'Eemalda kaanepilt', // interim
    },
    save: 'Salvesta', // interim
    saving: 'Salvestamine…', // interim
    deleting: 'Kustutamine…', // interim
    created: 'Book created successfully',
    updated: 'Book updated successfully',
    deleted: 'Book deleted successfully',
    fetchFailed: 'Failed to fetch books',
    coverTooLarge: 'File size should be less than 10MB',
    coverFailed: 'Failed to process the image',
  },
  chapters: {
    heading: 'Chapters',
    backToBooks: 'Back to Books',
    loadingBook: 'Loading book details...',
    bookNotFound: 'Book not found',
    columns: { title: 'Title', description: 'Description', order: 'Order', actions: 'Actions' },
    add: 'Add Chapter',
    edit: 'Edit Chapter',
    delete: 'Delete Chapter',
    editAction: 'Edit', // interim
    deleteAction: 'Delete', // interim
    /** interim wording of the warning */
    deleteWarning: 'Chapter "{title}" will be deleted together with all of its content pages. This cannot be undone.',
    empty: 'This book has no chapters yet.', // interim
    fields: { title: 'Title', description: 'Description', order: 'Order' },
    save: 'Save', // interim
    create: 'Create Chapter', // interim
    saving: 'Saving…', // interim
    deleting: 'Deleting…', // interim
    cancel: 'Cancel', // interim
    created: 'Chapter created successfully', // interim: no agreed text for this toast
    updated: 'Chapter updated successfully',
    deleted: 'Chapter deleted successfully',
    deleteFailed: 'Failed to delete chapter',
    fetchBookFailed: 'Failed to fetch book',
    fetchFailed: 'Failed to fetch chapters',
    fetchChapterFailed: 'Failed to fetch chapter',
    chapterNotFound: 'Chapter not found', // interim
    booksCrumb: 'Books', // interim
  },
  reprocessHeaders: {
    button: 'Reprocess All Headers',
    title: 'Reprocess All Headers',
    /** interim wording of the explanation */
    description:
      'This reprocesses all headings in all content across the whole site, not only this chapter. It may take some time.',
    confirm: 'Reprocess', // interim
    running: 'Reprocessing…', // interim
    success: 'Headers reprocessed successfully',
    failure: 'Failed to reprocess headers',
    progress: 'Töödeldud {done} / {total} lehte', // interim: the wording
    progressLabel: 'Pealkirjade töötlemine', // interim
    startedBy: 'Alustas {who}, {time}', // interim
    lastRun: 'Viimane töötlus lõppes {time}: {message}', // interim
    interrupted: 'Eelmine töötlus katkes ({done} / {total} lehte), sest server peatus. Käivita see uuesti.', // interim
    stopped: 'Eelmine töötlus peatus: {message}', // interim
    failedPages: 'Ebaõnnestunud lehed: {ids}', // interim
  },
  chapterNew: { heading: 'Add Chapter' },
  chapterEdit: { heading: 'Edit Chapter' },
  pages: {
    heading: 'Pages',
    backToChapters: 'Back to Chapters',
    notFound: 'Invalid chapter ID or chapter not found',
    columns: { title: 'Title', order: 'Order', published: 'Published', actions: 'Actions' },
    yes: 'Yes',
    no: 'No',
    add: 'Add Content',
    editAction: 'Edit', // interim
    deleteAction: 'Delete', // interim
    view: 'View', // interim: the public view link
    opensInNewTab: '(opens in a new tab)', // interim
    delete: 'Delete Content',
    deleteWarning: 'Page "{title}" will be deleted. This cannot be undone.', // interim
    deleting: 'Deleting…', // interim
    empty: 'This chapter has no pages yet.', // interim
    deleted: 'Content deleted successfully',
    deleteFailed: 'Failed to delete content',
    fetchFailed: 'Failed to fetch content',
    fetchChapterFailed: 'Failed to fetch chapter',
    loading: 'Loading chapter details...', // interim
  },
  contentNew: { heading: 'Add Content' },
  contentEdit: { heading: 'Edit Content' }, // interim
  lexicon: {
    heading: 'Leksikon', // interim
    search: 'Otsi termineid', // interim: label of the search box
    add: 'Add term',
    import: 'Import CSV', // interim
    columns: { term: 'Termin', status: 'Olek', actions: 'Tegevused' }, // interim
    published: 'Avaldatud',
    unpublished: 'Avaldamata',
    editAction: 'Muuda', // interim
    deleteAction: 'Kustuta', // interim
    delete: 'Kustuta termin', // interim
    deleteWarning: 'Termin „{term}“ kustutatakse. Seda ei saa tagasi võtta.', // interim
    deleting: 'Kustutamine…', // interim
    deleted: 'Term deleted successfully', // interim: no agreed text for this toast
    deleteFailed: 'Failed to delete term',
    empty: 'Termineid ei ole.', // interim
    noMatches: 'No terms found matching "{search}"',
    fetchFailed: 'Failed to fetch terms',
  },
  termImport: {
    title: 'Import CSV', // interim
    description: 'A CSV file with a header row and the columns term, description, published (yes/no).', // interim
    file: 'CSV file', // interim
    submit: 'Import', // interim
    running: 'Importing…', // interim
    close: 'Close', // interim
    notCsv: 'Please upload a CSV file',
    chooseFile: 'Choose a CSV file first', // interim
    summary: 'Created: {created}. Updated: {updated}. Rejected: {rejected}.', // interim
    rejectedHeading: 'Rejected rows', // interim
    rejectedRow: 'Line {line}: {error}', // interim
    done: 'Imported {imported} terms', // interim
    failure: 'Failed to import terms', // interim
  },
  termForm: {
    term: 'Term', // interim
    description: 'Description', // interim
    published: 'Published', // interim
    save: 'Save', // interim
    saving: 'Saving…', // interim
    cancel: 'Cancel', // interim
    created: 'Term created successfully', // interim
    updated: 'Term updated successfully', // interim
    saveFailed: 'Failed to save term',
    fetchFailed: 'Failed to fetch term',
    notFound: 'Term not found',
    pattern: 'Käänd- või pöördtüüp',
    /** The pattern guessed from the term, e.g. "Automaatne (a-tüvi, mehelik: -o)". */
    patternAutomatic: 'Automaatne ({label})',
    patternUnknown: 'ei tunne ära',
    extraForms: 'Erivormid',
    extraFormsHint: 'Üks vorm rea kohta: ebareeglipärased vormid, nt rañño, bhagavato.',
    forms: 'Vormid',
    formsHint: 'Tüübist ja erivormidest tehtud, salvestamisel uuendatud.',
    toolbar: {
      label: 'Formatting', // interim
      bold: 'Bold', // interim
      italic: 'Italic', // interim
      bulletList: 'Bullet list', // interim
      orderedList: '1. Numbered list', // interim: names begin with what the button shows (WCAG 2.5.3)
      link: 'Link', // interim
      linkPrompt: 'Link address (empty removes the link)', // interim
    },
  },
  termNew: { heading: 'Add Term' }, // interim
  termEdit: { heading: 'Edit Term' }, // interim
  audit: {
    heading: 'Muudatuste logi', // interim
    when: 'Aeg', // interim
    who: 'Kes', // interim
    what: 'Mida', // interim
    details: 'Üksikasjad', // interim
    empty: 'Muudatusi ei ole veel tehtud.', // interim
    fetchFailed: 'Failed to fetch audit log',
    /** interim: one changed field of an edit, "description: „old“ → „new“" */
    change: '{field}: „{before}“ → „{after}“',
    empty_value: 'tühi', // interim: a field that had or has no value
    showWhole: 'Näita tervikuna', // interim: opens a long before/after text
  },
  feedback: {
    heading: 'Tagasiside', // interim
    empty: 'Tagasisidet ei ole veel saabunud.', // interim
    anonymous: 'Nimetu', // interim: feedback without a name
    noEmail: 'e-posti aadressita', // interim
    handled: 'Käsitletud', // interim
    unhandled: 'Uus', // interim
    page: 'Leht:', // interim: the page the feedback was sent from
    pageDeleted: 'leht on kustutatud', // interim: that page has been deleted since
    pageNumber: 'leht {id}', // interim: a page whose title was not kept
    passage: 'Valitud tekst', // interim: the passage the reader had selected
    markHandled: 'Mark handled',
    markUnhandled: 'Mark unhandled',
    fetchFailed: 'Failed to fetch feedback',
    updateFailed: 'Failed to update feedback', // interim
  },
  pagination: {
    label: 'Lehekülgede vahel liikumine', // interim
    previous: 'Eelmine', // interim
    next: 'Järgmine', // interim
    pageOf: 'Lehekülg {page} / {totalPages}', // interim
  },
} as const
