// What a TipTap editing area tells assistive technology: a multi-line text box named by its label
// (and described by its hint or error, when there is one). Both rich-text editors use it.
export function editorTextboxAttributes(labelId: string, describedBy: string | undefined) {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }
}
