// A data table that scrolls sideways on narrow screens instead of squeezing its columns.
import { clsx } from 'clsx'
import type { ComponentProps, ReactNode } from 'react'

function Table({ className, label, ...props }: ComponentProps<'table'> & { label?: string }) {
  // relative: screen-reader-only text in cells is absolutely positioned; without a positioned
  // ancestor it would escape the scrolling box and widen the whole page.
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table
        aria-label={label}
        className={clsx('w-full min-w-[36rem] border-collapse text-left text-sm', className)}
        {...props}
      />
    </div>
  )
}

function TableHeader(props: ComponentProps<'thead'>) {
  return <thead className="border-b border-stone-200 bg-stone-100 text-stone-700" {...props} />
}

function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-stone-200" {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={clsx('align-top', className)} {...props} />
}

function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={clsx('px-3 py-2 font-medium whitespace-nowrap', className)} {...props} />
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={clsx('px-3 py-2', className)} {...props} />
}

/** One row spanning every column, for "nothing here yet". */
function TableEmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-stone-600">
        {children}
      </td>
    </tr>
  )
}

/**
 * A table of records: one header cell per column, then the rows; `empty` (when given) is said in
 * one row across every column instead, for "nothing here yet".
 */
export function ListTable({
  label,
  columns,
  empty,
  className,
  children,
}: {
  label: string
  columns: readonly string[]
  empty: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <Table label={label} className={className}>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) => (
            <TableHead key={index}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {empty ? <TableEmptyRow columns={columns.length}>{empty}</TableEmptyRow> : null}
        {children}
      </TableBody>
    </Table>
  )
}
