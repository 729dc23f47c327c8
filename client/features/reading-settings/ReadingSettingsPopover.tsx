// The reading settings' popover by the title bar's "Aa" button (TitleBar.tsx), in its own chunk: text
// size, line width and theme as native radio groups (arrow keys move within a group, Tab between
// them). A choice applies at once and is kept in this browser (use-reading-settings.ts).
import { useId, useState } from 'react'
import type { RefObject } from 'react'
import { readerTexts } from '#client/texts/reader.ts'
import { Popover, PopoverAnchor, PopoverContent } from '#client/components/ui/Popover.tsx'
import { TEXT_SIZES, THEMES, WIDTHS, type ReadingSettings } from './settings.ts'
import { useReadingSettings } from './use-reading-settings.ts'

export interface ReadingSettingsPopoverProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The title bar's button: the popover is placed by it, and focus returns to it on closing. */
  anchor: RefObject<HTMLButtonElement | null>
}

export function ReadingSettingsPopover({ open, onOpenChange, anchor }: ReadingSettingsPopoverProps) {
  const [settings, change] = useReadingSettings()
  const [notKept, setNotKept] = useState(false)
  const titleId = useId()
  const choose = <Key extends keyof ReadingSettings>(key: Key, value: ReadingSettings[Key]) =>
    setNotKept(!change(key, value))
  return (
    <Popover open={open} onOpenChange={onOpenChange} modal>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        aria-labelledby={titleId}
        align="end"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          anchor.current?.focus()
        }}
      >
        <h2 id={titleId} className="mb-3 pr-8 font-serif text-lg font-semibold">
          {readerTexts.settingsHeading}
        </h2>
        <div className="grid gap-4">
          <Choices
            legend={readerTexts.textSize}
            name="text-size"
            values={TEXT_SIZES}
            labels={readerTexts.textSizes}
            value={settings.textSize}
            onChange={(value) => choose('textSize', value)}
          />
          <Choices
            legend={readerTexts.width}
            name="width"
            values={WIDTHS}
            labels={readerTexts.widths}
            value={settings.width}
            onChange={(value) => choose('width', value)}
          />
          <Choices
            legend={readerTexts.theme}
            name="theme"
            values={THEMES}
            labels={readerTexts.themes}
            value={settings.theme}
            onChange={(value) => choose('theme', value)}
          />
        </div>
        <p role="status" className="mt-3 text-sm text-stone-600 empty:hidden">
          {notKept ? readerTexts.settingsNotKept : null}
        </p>
      </PopoverContent>
    </Popover>
  )
}

/** One setting: a fieldset of radios drawn as a row of segments; the chosen one is filled. */
function Choices<Value extends string>({
  legend,
  name,
  values,
  labels,
  value,
  onChange,
}: {
  legend: string
  name: string
  values: readonly Value[]
  labels: Record<Value, string>
  value: Value
  onChange: (value: Value) => void
}) {
  const groupName = `${useId()}-${name}`
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {values.map((option) => (
          <label
            key={option}
            className="relative inline-flex min-h-10 cursor-pointer items-center rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-800 hover:bg-stone-100 has-[:checked]:border-stone-800 has-[:checked]:bg-stone-800 has-[:checked]:text-stone-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-700"
          >
            <input
              type="radio"
              name={groupName}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
