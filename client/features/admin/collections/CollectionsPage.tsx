// /admin/collections: 'Kogud', the canon's collections with their names in Pāli, English and
// Estonian, by which the search reads references (decision 056); add, change, delete.
import { useQuery } from '@tanstack/react-query'
import type { Collection } from '#shared/api/collections.ts'
import { collectionsTexts as t } from '#client/texts/collections.ts'
import { failureText } from '#client/api/http.ts'
import { collectionsQueries, useDeleteCollection } from '#client/api/collections.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'
import { FailureMessage } from '../ScreenMessage.tsx'
import { CollectionDialog } from './CollectionDialog.tsx'

export function CollectionsPage() {
  const collections = useQuery(collectionsQueries.list())
  const all = collections.data ?? []
  const byId = new Map(all.map((collection) => [collection.id, collection]))
  return (
    <section className="grid gap-6" aria-labelledby="collections-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={t.heading}>
          <span id="collections-heading">{t.heading}</span>
        </PageHeading>
        {collections.data ? <CollectionDialog all={all} /> : null}
      </div>
      <p className="max-w-prose text-sm text-stone-700">{t.intro}</p>
      {collections.isPending ? <LoadingStatus /> : null}
      {collections.isError ? <FailureMessage>{t.fetchFailed}</FailureMessage> : null}
      {collections.data ? (
        <ListTable
          label={t.heading}
          columns={[
            t.columns.abbreviation,
            t.columns.paliName,
            t.columns.englishName,
            t.columns.estonianName,
            t.columns.aliases,
            t.columns.parent,
            t.columns.actions,
          ]}
          empty={all.length === 0 ? t.empty : null}
        >
          {all.map((collection) => (
            <CollectionRow
              key={collection.id}
              collection={collection}
              parent={collection.parentId === null ? undefined : byId.get(collection.parentId)}
              all={all}
            />
          ))}
        </ListTable>
      ) : null}
    </section>
  )
}

function CollectionRow({
  collection,
  parent,
  all,
}: {
  collection: Collection
  parent: Collection | undefined
  all: Collection[]
}) {
  const remove = useDeleteCollection()
  return (
    <TableRow>
      <TableCell className="font-medium">{collection.abbreviation}</TableCell>
      <TableCell lang="pi">{collection.paliName}</TableCell>
      <TableCell lang="en">{collection.englishName}</TableCell>
      <TableCell>{collection.estonianName}</TableCell>
      <TableCell>{collection.aliases.join(', ')}</TableCell>
      <TableCell>{parent?.abbreviation ?? ''}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <CollectionDialog collection={collection} all={all} />
          <DeleteItemDialog
            name={collection.abbreviation}
            texts={t}
            remove={() => remove.mutateAsync(collection.id)}
            isPending={remove.isPending}
            failureText={failureText}
          />
        </div>
      </TableCell>
    </TableRow>
  )
}
