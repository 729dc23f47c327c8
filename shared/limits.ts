// The product's numbers, each in one place (those marked "our own" the product leaves open). Sizes in characters or bytes,
// durations in milliseconds.

// Toasts
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_DIRECTION = 'right' as const
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const TOAST_HOTKEY: readonly string[] = ['F8']

// Cover image
export const COVER_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const COVER_IMAGE_MAX_SIDE_PX = 800
export const COVER_IMAGE_JPEG_QUALITY = 0.7
/** What the cover image input offers; anything a browser can decode would do. */
export const COVER_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'
export const DEFAULT_ORDER = 0

// Images in pages (our own)
/** An uploaded picture file may be at most this large. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024
/** …and hold at most this many pixels (a 50-megapixel photo; more is refused before decoding). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000
/** Stored pictures fit inside this square (never enlarged). */
export const IMAGE_MAX_SIDE_PX = 1600
export const IMAGE_JPEG_QUALITY = 82
export const IMAGE_WEBP_QUALITY = 85
/** Alt text of a picture, in characters. */
export const IMAGE_ALT_MAX_CHARS = 500
/** What the picture inputs offer; the server decides from the bytes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

// Chunked upload of a content page
export const UPLOAD_CHUNK_CHARS = 51_200
export const UPLOAD_CHUNK_ATTEMPTS = 3
export const UPLOAD_RETRY_BACKOFF_MS = 1000
export const CONTENT_SIZE_WARNING_BYTES = 8 * 1024 * 1024
export const CONTENT_SIZE_LIMIT_BYTES = 10 * 1024 * 1024
export const LINKS_MARKER = '=== LINKS START ==='

// Reader
export const READER_CHUNK_SIZE = 600
/** The sizes the reader asks for: their chunks are kept in memory (other sizes are answered, not kept long). */
export const READER_CHUNK_SIZES: readonly number[] = [READER_CHUNK_SIZE]
/** Our own: chunks are answered for any `size` from 1 to this many blocks (the reader's size). */
export const READER_CHUNK_SIZE_MAX = READER_CHUNK_SIZE
export const READER_AUTOLOAD_SCROLL_RATIO = 0.7
export const READER_AUTOLOAD_DELAY_MS = 200
export const READER_JUMP_MAX_ATTEMPTS = 30
export const READER_FOOTNOTE_TAIL_CHUNKS = 10
export const READER_HIGHLIGHT_MS = 2000
export const READER_SCROLL_DELAY_MS = 100
export const TITLE_BAR_HIDE_AFTER_PX = 100
export const TITLE_BAR_SHOW_BELOW_PX = 50
export const TOC_MAX_HEADING_CHARS = 80
/** Our own: find in page answers at most this many occurrences (and says when there are more). */
export const FIND_MAX_OCCURRENCES = 1000
/** Our own: what find in page looks for is at most this long (trimmed). */
export const FIND_QUERY_MAX_CHARS = 200

// Lexicon and search
export const LEXICON_PAGE_SIZE_PUBLIC = 25
export const LEXICON_PAGE_SIZE_ADMIN = 20
/** Our own: the feedback inbox pages like the admin lexicon. */
export const FEEDBACK_PAGE_SIZE_ADMIN = 20
/** Our own: the selected passage feedback carries from a reader page, in characters (UTF-16 units). */
export const FEEDBACK_PASSAGE_MAX_CHARS = 1000
/** Our own: the id of the block that passage starts in. */
export const FEEDBACK_BLOCK_ID_MAX_CHARS = 200
export const SEARCH_DEBOUNCE_MS = 300
/** Our own: the search dialog waits for this many characters before asking. */
export const SEARCH_MIN_CHARS = 2
/** Our own: results per page of GET /api/search when not asked (the dialog's 30, as before paging). */
export const SEARCH_PAGE_SIZE = 30
/** Our own: results per page on the search page (/otsing). */
export const SEARCH_PAGE_SIZE_FULL = 20
export const SEARCH_MAX_PAGE_SIZE = 100
/** Our own: the last page one may ask for (a million results at the largest page size). */
export const SEARCH_MAX_PAGE = 10_000
export const CHAPTER_CONTENT_CACHE_MS = 5 * 60 * 1000

// Side panel (percent of the width)
export const SIDE_PANEL_DEFAULT_PERCENT = 25
export const SIDE_PANEL_MIN_PERCENT = 15
export const SIDE_PANEL_MAX_PERCENT = 40

// Content editor
export const EDITOR_FONT_DEFAULT_PX = 16
export const EDITOR_FONT_STEP_PX = 2
export const EDITOR_FONT_MIN_PX = 8

// Audit log (our own)
export const AUDIT_PAGE_SIZE_ADMIN = 50

/** Pages listed under a term's "where used" (the answer says how many there are in all). */
export const TERM_USAGE_LIMIT = 200

// Revisions of a page (our own; README "Revisions" and decision 033)
/** Retention: every revision saved in the last this many days is kept. */
export const REVISIONS_KEEP_ALL_DAYS = 30
/**
 * Retention: older than REVISIONS_KEEP_ALL_DAYS and younger than this, the last revision of each day is kept;
 * older still, the last of each month. */
export const REVISIONS_KEEP_DAILY_DAYS = 365
/** Retention: the newest this many revisions of a page are always kept, however old. */
export const REVISIONS_KEEP_NEWEST = 50
/** Revisions per page of a page's history. */
export const REVISIONS_PAGE_SIZE = 20
/** A comparison shows this many unchanged blocks around each changed one. */
export const REVISION_DIFF_CONTEXT_BLOCKS = 1
/** A comparison answers at most this many changed blocks (and says how many there were in all). */
export const REVISION_DIFF_MAX_CHANGED_BLOCKS = 1000

// Trash (our own; the 30 days)
/** A deleted book, chapter or page can be restored this long, then it is purged. */
export const TRASH_KEEP_DAYS = 30

// "Märgi terminid" (issue 29; our own)
/** The HTML the editor sends for term suggestions (a whole page's text), in characters. */
export const TERM_SUGGESTIONS_HTML_MAX_CHARS = 2_000_000
/** At most this many suggestions are answered, the most frequent first. */
export const TERM_SUGGESTIONS_MAX = 200
/** Words shorter than this many letters are not suggested (ca, vā, na are forms of nothing worth marking). */
export const TERM_SUGGESTION_MIN_LETTERS = 3

// Word import (issue 30; our own)
/** A .docx file sent for import may be at most this large. */
export const DOCX_MAX_BYTES = 50 * 1024 * 1024
/** …its parts together, unpacked, at most this large (read from the zip's directory before unpacking). */
export const DOCX_MAX_UNPACKED_BYTES = 400 * 1024 * 1024
/** …and no part may unpack to more than this many times its packed size (Word's XML packs 5–20 times). */
export const DOCX_MAX_PACKING_RATIO = 200
/** …in at most this many parts. */
export const DOCX_MAX_PARTS = 10_000
/** What the import's file input offers. */
/** A Word file's media type (`.docx`). */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
export const DOCX_ACCEPT = `.docx,${DOCX_TYPE}`
