import { columnMap } from '../../platform/db/column-map.ts';
import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';

export type StoredNfcCard = {
  id: number;
  uid: string;
  userId: number;
  keyVersion: number;
  createdAt: Date;
  username: string;
};

type Row = {
  id: number;
  uid: string;
  user_id: number;
  key_version: number;
  created_at: Date | string;
  username: string;
};

const toStored = columnMap<Row, StoredNfcCard>()({
  id: 'id',
  uid: 'uid',
  userId: 'user_id',
  keyVersion: 'key_version',
  createdAt: { column: 'created_at', read: readDate },
  username: 'username',
}).read;

/** The only SQL of NFC cards. UIDs are stored lower-cased, so every look-up lower-cases first. */
export function createNfcCardsRepository() {
  const select = (db: Db) =>
    db
      .selectFrom('nfc_cards')
      .innerJoin('users', 'users.id', 'nfc_cards.user_id')
      .select([
        'nfc_cards.id as id',
        'nfc_cards.uid as uid',
        'nfc_cards.user_id as user_id',
        'nfc_cards.key_version as key_version',
        'nfc_cards.created_at as created_at',
        'users.username as username',
      ]);

  return {
    async list(db: Db, userId?: number): Promise<StoredNfcCard[]> {
      const rows = await select(db)
        .$if(userId !== undefined, (query) => query.where('nfc_cards.user_id', '=', userId as number))
        .orderBy('nfc_cards.id')
        .execute();
      return rows.map(toStored);
    },

    async find(db: Db, id: number): Promise<StoredNfcCard | undefined> {
      const row = await select(db).where('nfc_cards.id', '=', id).executeTakeFirst();
      return row ? toStored(row) : undefined;
    },

    async findByUid(db: Db, uid: string): Promise<StoredNfcCard | undefined> {
      const row = await select(db).where('nfc_cards.uid', '=', uid.toLowerCase()).executeTakeFirst();
      return row ? toStored(row) : undefined;
    },

    /** A unique violation when the UID is enrolled already (whoever owns it). */
    async insert(
      db: Db,
      card: { uid: string; userId: number; keyVersion: number },
      now: Date,
    ): Promise<number> {
      const row = await db
        .insertInto('nfc_cards')
        .values({
          uid: card.uid.toLowerCase(),
          user_id: card.userId,
          key_version: card.keyVersion,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async delete(db: Db, id: number): Promise<boolean> {
      const row = await db.deleteFrom('nfc_cards').where('id', '=', id).returning('id').executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type NfcCardsRepository = ReturnType<typeof createNfcCardsRepository>;
