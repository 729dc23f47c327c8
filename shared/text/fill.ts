// Puts values into a text's {placeholders}: fill('Line {line}', { line: 3 }) === 'Line 3'.
// Unknown placeholders stay as written so a missing value is visible, not silently blank.
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  )
}
