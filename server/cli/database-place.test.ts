import { describe, expect, it } from 'vitest'
import { describeDatabase } from './database-place.ts'

describe('describeDatabase', () => {
  it('names the embedded database by its directory', () => {
    expect(describeDatabase({ databaseUrl: undefined, dataDir: '/srv/site/data' })).toBe(
      'the embedded database in /srv/site/data',
    )
  })

  it('names PostgreSQL by host and database, never by its password', () => {
    const where = describeDatabase({
      databaseUrl: 'postgres://site:s3cret@db.internal:5433/encyclopedia',
      dataDir: '/x',
    })
    expect(where).toBe('PostgreSQL at db.internal:5433/encyclopedia')
    expect(describeDatabase({ databaseUrl: 'postgresql:///encyclopedia', dataDir: '/x' })).toBe(
      'PostgreSQL at localhost/encyclopedia',
    )
  })
})
