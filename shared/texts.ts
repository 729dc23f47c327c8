// Every user-facing text of the interface, in one place so the Estonian (and English) wording can
// be reviewed together. Texts marked "interim" are not in the spec: honest placeholders for screens
// that later issues fill, or wording the spec leaves open.

export const texts = {
  site: {
    /** interim: the spec names no product title */
    name: 'Õpetuste entsüklopeedia',
    skipToContent: 'Liigu sisu juurde', // interim
    loading: 'Laadimine…', // interim
  },
  header: {
    home: 'Home',
    admin: 'Halduspaneel',
    login: 'Logi sisse',
    navLabel: 'Peamenüü', // interim: accessible name of the header navigation
  },
  welcome: {
    // interim: the spec asks for "a quotation and an institute signature"; this is our own
    // rendering of Dhammapada verse 5.
    heading: 'Tere tulemast',
    quotation: 'Viha ei vaigista siin maailmas kunagi viha. Viha vaigistab ainult mitteviha. See on igavene seadus.',
    quotationSource: 'Dhammapada, salm 5',
    signature: 'Õpetuste entsüklopeedia toimetus',
  },
  reader: {
    contentHeading: 'Sisu', // interim
    termHeading: 'Termin', // interim
    termNotFound: 'Term not found',
    noSearchResults: 'Tulemusi ei leitud',
    contentNotFound: 'Sisu ei leitud', // interim
    fetchContentFailed: 'Failed to fetch content',
    partOf: 'part {loaded} of {total}',
    allLoaded: 'Kogu sisu laetud ({total} osa)',
    loadMore: 'Lae rohkem',
    loadAll: 'Lae kogu sisu',
    loadingPart: 'Osa laadimine…', // interim: a placeholder for a part not loaded yet
    chunkFailed: 'Osa {chunk} laadimine ebaõnnestus.', // interim
    retry: 'Proovi uuesti', // interim
    toc: 'Sisukord', // interim: the table-of-contents button and its list
    tocEmpty: 'Sellel lehel pole pealkirju.', // interim
    pdf: 'PDF', // interim: the PDF export button
    pdfLabel: 'PDF: ava prinditav vaade', // interim (starts with the visible text, for voice control)
    titleBarLabel: 'Lehe tööriistad', // interim
    notes: 'Viited ja märkused', // interim: the links section's landmark name
    copyLink: 'Kopeeri lõigu link', // interim
    copyLinkKeys: 'Nooleklahvid üles ja alla valivad lõigu, Enter kopeerib selle lingi.', // interim: the paragraph link's key hint
    linkCopied: 'Link kopeeritud', // interim
    copyFailed: 'Linki ei õnnestunud kopeerida', // interim
    termPopupOpenPage: 'Ava termini leht', // interim
    termLoading: 'Laadimine…', // interim
    breadcrumbLabel: 'Asukoht', // interim
    print: {
      loading: 'Kogu sisu laadimine printimiseks… ({loaded}/{total})', // interim
      ready: 'Prindivaade on valmis.', // interim
      printAgain: 'Prindi', // interim
      close: 'Sulge prindivaade', // interim
      toc: 'Sisukord', // interim
    },
  },
  sidePanel: {
    label: 'Raamatud ja peatükid', // interim: the side panel's navigation name
    resize: 'Muuda külgpaneeli laiust', // interim
    lexicon: 'Leksikon', // interim
    donate: 'Toeta meid', // interim
    opensInNewTab: '(avaneb uues aknas)', // interim
    feedback: 'Tagasiside', // interim
    menu: 'Menüü', // interim: the phone menu button and sheet
    loadFailed: 'Sisukorra laadimine ebaõnnestus', // interim
    empty: 'Raamatuid veel ei ole.', // interim
  },
  /** The header's search dialog; its empty answer is texts.reader.noSearchResults ('Tulemusi ei leitud'). */
  search: {
    open: 'Otsi', // interim: the header button
    title: 'Otsing', // interim: the dialog's title
    input: 'Otsingusõna', // interim: the search box's label
    placeholder: 'Otsi raamatutest ja leksikonist…', // interim
    shortcut: 'Ctrl+K', // interim: shown beside the header button
    minChars: 'Sisesta vähemalt {min} tähemärki.', // interim
    loading: 'Otsin…', // interim
    failed: 'Otsing ebaõnnestus', // interim
    results: 'Otsingutulemused', // interim: the result list's accessible name
    resultCount: '{count} tulemust', // interim
    includeLexicon: 'Otsi ka leksikonist', // interim
    books: 'Raamatud', // interim: the book filter
    booksChosen: 'Raamatud ({chosen}/{total})', // interim
    noBooks: 'Vali vähemalt üks raamat.', // interim
    booksFailed: 'Raamatute laadimine ebaõnnestus', // interim
    typeTerm: 'Termin', // interim
    typeContent: 'Sisu', // interim
    hint: '↑ ↓ liigu, Enter ava, Esc sulge', // interim
  },
  lexicon: {
    heading: 'Leksikon', // interim
    search: 'Otsi leksikonist', // interim: label of the search box
    loadMore: 'Load More',
    noMatches: 'No terms found matching "{search}"',
    empty: 'Leksikonis pole veel termineid.', // interim
    letterCount: '{count} terminit', // interim
    fetchFailed: 'Failed to fetch terms',
  },
  feedback: {
    open: 'Tagasiside', // interim: the button that opens the dialog
    title: 'Tagasiside', // interim
    description: 'Kirjuta meile, mida arvad. Nimi ja e-post ei ole kohustuslikud.', // interim
    name: 'Nimi', // interim
    email: 'E-post', // interim
    feedback: 'Tagasiside', // interim
    submit: 'Saada', // interim
    submitting: 'Saatmine…', // interim
    success: 'Täname tagasiside eest!',
    failure: 'Tagasiside saatmine ebaõnnestus. Palun proovige hiljem uuesti.',
  },
  notFound: {
    heading: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
  },
  auth: {
    heading: 'Logi sisse',
    username: 'Kasutajanimi', // interim
    password: 'Parool', // interim
    submit: 'Logi sisse',
    submitting: 'Sisselogimine…', // interim
    loginSuccess: 'Sisselogimine õnnestus',
    loginFailureTitle: 'Viga',
    logoutSuccess: 'Väljalogimine õnnestus',
    logoutFailure: 'Väljalogimine ebaõnnestus',
  },
  admin: {
    accessRequired: 'Administraatori ligipääs nõutud',
    loginLink: 'Logi sisse',
    navLabel: 'Halduse menüü', // interim
    breadcrumbLabel: 'Breadcrumb', // interim: accessible name of the admin breadcrumb
    nav: {
      home: 'Home',
      books: 'Books',
      lexicon: 'Lexicon',
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
      /** interim: the spec only says the confirmation says it cannot be undone */
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
      /** interim wording of the spec's warning */
      deleteWarning: 'Chapter "{title}" will be deleted together with all of its content pages. This cannot be undone.',
      empty: 'This book has no chapters yet.', // interim
      fields: { title: 'Title', description: 'Description', order: 'Order' },
      save: 'Save', // interim
      create: 'Create Chapter', // interim
      saving: 'Saving…', // interim
      deleting: 'Deleting…', // interim
      cancel: 'Cancel', // interim
      created: 'Chapter created successfully', // interim: the spec lists no create toast
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
      /** interim wording of the spec's explanation */
      description:
        'This reprocesses all headings in all content across the whole site, not only this chapter. It may take some time.',
      confirm: 'Reprocess', // interim
      running: 'Reprocessing…', // interim
      success: 'Headers reprocessed successfully',
      failure: 'Failed to reprocess headers',
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
      deleted: 'Term deleted successfully', // interim: the spec lists no success toast for it
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
      toolbar: {
        label: 'Formatting', // interim
        bold: 'Bold', // interim
        italic: 'Italic', // interim
        bulletList: 'Bullet list', // interim
        orderedList: 'Numbered list', // interim
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
    },
    feedback: {
      heading: 'Tagasiside', // interim
      empty: 'Tagasisidet ei ole veel saabunud.', // interim
      anonymous: 'Nimetu', // interim: feedback without a name
      noEmail: 'e-posti aadressita', // interim
      handled: 'Käsitletud', // interim
      unhandled: 'Uus', // interim
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
  },
  common: {
    cancel: 'Tühista', // interim
    close: 'Sulge', // interim: accessible label of a dialog's close button
  },
  toast: {
    error: 'Error',
    success: 'Success',
    close: 'Sulge', // interim: accessible label of the close button
    regionLabel: 'Teated ({hotkey})', // interim: Radix replaces {hotkey} with F8
  },
  errors: {
    /** interim: shown when a screen fails to load or render */
    screenFailed: 'Lehe laadimine ebaõnnestus',
    tryAgain: 'Proovi uuesti',
  },
  /** The content editor (/admin/content/new, /admin/content/edit/{id}); English like the other page screens. */
  contentEditor: {
    newHeading: 'Add Content',
    editHeading: 'Edit Content', // interim
    backToPages: 'Back to Pages', // interim
    fields: {
      chapter: 'Chapter', // interim
      chapterPlaceholder: 'Select a chapter', // interim
      title: 'Title', // interim
      content: 'Content', // interim
      order: 'Order', // interim
      published: 'Published', // interim
    },
    invalidChapter: 'Please select a valid chapter',
    emptyTitle: 'Title cannot be empty',
    save: 'Save', // interim
    saving: 'Saving…', // interim
    cancel: 'Cancel', // interim
    zoomOut: 'Zoom out', // interim
    zoomIn: 'Zoom in', // interim
    fontSize: 'Text size: {size}px', // interim
    size: 'Size: {size} MB', // interim
    sizeWarning: 'Approaching 10MB limit',
    overLimit: 'Over the 10MB limit: the page cannot be saved until it is smaller.', // interim
    views: { label: 'Editor view', rich: 'Rich text', source: 'HTML' }, // interim
    sourceLabel: 'HTML source of the page', // interim
    largePageNotice:
      'This page is over 1 MB, so it opens in the HTML view: a rich-text editor is unusable with pages this large.', // interim
    richTextUnavailable: 'The rich-text view is offered for pages up to 3 MB.', // interim
    unsupportedNotice:
      'This page has markup the rich-text view cannot keep ({markup}), so it opens in the HTML view. Editing it in the rich-text view would drop that markup.', // interim
    linksMarker: 'Links section starts here', // interim
    toolbar: {
      label: 'Formatting', // interim
      bold: 'Bold', // interim
      italic: 'Italic', // interim
      heading: 'Heading {level}', // interim
      paragraph: 'Paragraph', // interim
      bulletList: 'Bullet list', // interim
      orderedList: 'Numbered list', // interim
      blockquote: 'Quotation or verse', // interim
      link: 'Link', // interim
      linkPrompt: 'Link address (empty removes the link)', // interim
      undo: 'Undo', // interim
      redo: 'Redo', // interim
    },
    processing: 'Processing Content',
    sendingChunk: 'Sending part {chunk} of {totalChunks}…', // interim
    processingStep: 'Processing the page on the server…', // interim
    progressLabel: 'Saving progress', // interim
    saved: 'Content saved successfully', // interim: the spec lists no text for this toast
    fetchFailed: 'Failed to fetch content',
    fetchChaptersFailed: 'Failed to fetch chapters',
    notFound: 'Content not found', // interim
    loading: 'Loading content…', // interim
    conflict: {
      title: 'Someone else saved this page', // interim
      description: '{who} saved this page at {when}, after you opened it. Overwrite their version with yours?', // interim
      someone: 'Someone', // interim
      overwrite: 'Overwrite',
      cancel: 'Cancel',
    },
    leave: {
      title: 'Leave without saving?', // interim
      description: 'Your changes to this page have not been saved and will be lost.', // interim
      stay: 'Stay', // interim
      leave: 'Leave', // interim
    },
  },
} as const
