// The texts of the content editor (/admin/content/new, /admin/content/edit/{id}).
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

/** English like the other page screens. */
export const contentEditorTexts = {
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
  termLink: {
    button: 'Seo mõistega', // interim: the wording; Ctrl+K too
    title: 'Seo mõistega', // interim
    description: 'Otsi leksikonist mõiste ja vajuta Enter, et valitud sõnad sellega siduda.', // interim
    search: 'Otsi mõistet', // interim
    loading: 'Otsin…', // interim
    none: 'Ühtegi mõistet ei leitud.', // interim
    failed: 'Mõisteid ei õnnestunud laadida.', // interim
    unpublished: 'avaldamata', // interim
    current: 'Praegu seotud mõistega „{term}“. Vali teine mõiste või eemalda seos.', // interim
    remove: 'Eemalda seos', // interim
    results: 'Mõisted', // interim
  },
  termSuggestions: {
    button: 'Märgi terminid',
    title: 'Märgi terminid',
    description: 'Leksikoni mõistete vormid, mis tekstis veel märkimata on.', // interim
    loading: 'Laen soovitusi…',
    none: 'Märkimata termineid ei leitud.',
    failed: 'Soovitusi ei õnnestunud laadida.', // interim
    tooLong: 'Tekst on soovitusteks liiga pikk: ava üks osa korraga.', // interim
    retry: 'Proovi uuesti', // interim
    list: 'Soovitused', // interim
    accept: 'Märgi',
    skip: 'Jäta vahele',
    count: '{count}×', // interim
  },
  toolbar: {
    label: 'Formatting', // interim
    bold: 'Bold', // interim
    italic: 'Italic', // interim
    heading: 'H{level} heading', // interim: names begin with what the button shows (WCAG 2.5.3)
    paragraph: 'Paragraph', // interim
    bulletList: 'Bullet list', // interim
    orderedList: '1. Numbered list', // interim: names begin with what the button shows (WCAG 2.5.3)
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
  saved: 'Content saved successfully', // interim: no agreed text for this toast
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
} as const
