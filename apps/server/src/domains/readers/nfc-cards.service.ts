import { Messages, type NfcCard, ReaderMessages } from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { NfcCardsRepository, StoredNfcCard } from './nfc-cards.repository.ts';

type Actor = { id: number; permissions: { canManageSystemConfiguration: boolean } };

/** The owner column is for system administrators only (spec 02 §2, §6). */
function present(card: StoredNfcCard, withUser: boolean): NfcCard {
  return {
    id: card.id,
    uid: card.uid,
    userId: card.userId,
    createdAt: card.createdAt.toISOString(),
    ...(withUser ? { user: { id: card.userId, username: card.username } } : {}),
  };
}

/** A card in the audit log: its UID and owner; its keys are derived, never stored. */
export function auditedCard(card: { id: number; uid: string; userId: number; username: string }) {
  return {
    target: { type: 'nfc-card' as const, id: card.id, name: `${card.uid} (${card.username})` },
    fields: { uid: card.uid, userId: card.userId, username: card.username },
  };
}

/** Records a card's deletion in the transaction that deletes it. */
export async function recordCardDeleted(
  audit: AuditLog,
  tx: Db,
  card: StoredNfcCard,
  action: 'nfc-card.deleted' | 'nfc-card.reset',
) {
  const { target, fields } = auditedCard(card);
  await audit.record(tx, { action, target, changes: diffFields(fields, {}) });
}

/** Enrolled NFC cards: the list and deletion without the card at hand (the readers design). */
export function createNfcCardsService(deps: { db: Db; repo: NfcCardsRepository; audit: AuditLog }) {
  return {
    /** A member's own cards; every card, with its owner, for canManageSystemConfiguration. */
    async list(actor: Actor): Promise<NfcCard[]> {
      const admin = actor.permissions.canManageSystemConfiguration;
      const cards = await deps.repo.list(deps.db, admin ? undefined : actor.id);
      return cards.map((card) => present(card, admin));
    },

    /** Only the row goes: the card keeps keys nobody else can derive. Owner or administrator. */
    async delete(actor: Actor, cardId: number): Promise<void> {
      const card = await deps.repo.find(deps.db, cardId);
      if (!card) throw notFound(ReaderMessages.cardNotFound);
      if (card.userId !== actor.id && !actor.permissions.canManageSystemConfiguration) {
        throw forbidden(Messages.forbiddenInsufficientPermissions);
      }
      await deps.db.transaction().execute(async (tx) => {
        await deps.repo.delete(tx, cardId);
        await recordCardDeleted(deps.audit, tx, card, 'nfc-card.deleted');
      });
    },
  };
}

export type NfcCardsService = ReturnType<typeof createNfcCardsService>;
