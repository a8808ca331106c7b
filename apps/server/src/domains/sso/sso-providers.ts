import {
  type CreateSsoProviderBody,
  type SsoDiscoveryBody,
  SsoMessages,
  type SsoProvider,
  type SsoProviderSummary,
  type UpdateSsoProviderBody,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { GuardedFetch } from '../../platform/net/guarded-fetch.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';
import { discoverProvider } from './oidc-discovery.ts';
import type { OidcRelyingParty } from './oidc-relying-party.ts';
import type { SsoProviderFields, SsoProviderRecord, SsoRepository } from './sso.repository.ts';
import { checkProviderAddresses, requireSecretForNewAddresses } from './sso-provider-addresses.ts';

const providerNotFound = () => notFound(SsoMessages.providerNotFound);

/** The stored provider, or the 404 of an unknown one. */
export async function requireProvider(repo: SsoRepository, db: Db, id: number): Promise<SsoProviderRecord> {
  const provider = await repo.findProvider(db, id);
  if (!provider) throw providerNotFound();
  return provider;
}

function toProvider(record: SsoProviderRecord): SsoProvider {
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    oidcConfiguration: {
      issuer: record.issuer,
      authorizationURL: record.authorizationUrl,
      tokenURL: record.tokenUrl,
      userInfoURL: record.userInfoUrl,
      clientId: record.clientId,
    },
  };
}

/** A provider as the audit log compares it: the client secret only as "changed". */
const audited = ({ id: _id, updatedAt: _updatedAt, sealedClientSecret, ...fields }: SsoProviderRecord) => ({
  ...fields,
  clientSecret: sealedClientSecret,
});
const SECRET = { secret: ['clientSecret'] };
const auditTarget = (record: SsoProviderRecord) => ({
  type: 'sso-provider' as const,
  id: record.id,
  name: record.name,
});

/**
 * The providers an administrator keeps (spec 02 §7). Client secrets are sealed before they are
 * written and never answered; the relying party forgets a provider that changed or went.
 */
export function createSsoProviders(deps: {
  db: Db;
  repo: SsoRepository;
  clock: Clock;
  secrets: SecretBox;
  relyingParty: Pick<OidcRelyingParty, 'forget'>;
  outbound: OutboundPolicy;
  /** Requests to providers, through ALLOWED_INTEGRATION_HOSTS at every connection. */
  providerFetch: GuardedFetch;
  audit: AuditLog;
}) {
  return {
    /** What the sign-in screen shows: no settings at all. */
    async listSummaries(): Promise<SsoProviderSummary[]> {
      const providers = await deps.repo.listProviders(deps.db);
      return providers.map((provider) => ({ id: provider.id, name: provider.name, type: provider.type }));
    },

    async get(id: number): Promise<SsoProvider> {
      return toProvider(await requireProvider(deps.repo, deps.db, id));
    },

    async create(body: CreateSsoProviderBody): Promise<SsoProvider> {
      const config = body.oidcConfiguration;
      await checkProviderAddresses(deps.outbound, config);
      const record = await deps.db.transaction().execute(async (tx) => {
        const created = await deps.repo.insertProvider(
          tx,
          {
            name: body.name,
            type: body.type,
            issuer: config.issuer,
            authorizationUrl: config.authorizationURL,
            tokenUrl: config.tokenURL,
            userInfoUrl: config.userInfoURL,
            clientId: config.clientId,
            sealedClientSecret: deps.secrets.seal(config.clientSecret),
          },
          deps.clock.now(),
        );
        await deps.audit.record(tx, {
          action: 'sso-provider.created',
          target: auditTarget(created),
          changes: diffFields({}, audited(created), SECRET),
        });
        return created;
      });
      return toProvider(record);
    },

    /**
     * Absent fields keep their value; so does the client secret when none is sent, as long as the
     * addresses stay: a change of one of them needs the secret again, so a stored secret never
     * goes to an address it was not given for (issue 26).
     */
    async update(id: number, body: UpdateSsoProviderBody): Promise<SsoProvider> {
      const config = body.oidcConfiguration ?? {};
      await checkProviderAddresses(deps.outbound, config);
      requireSecretForNewAddresses(await requireProvider(deps.repo, deps.db, id), config);
      const changes: Partial<SsoProviderFields> = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(config.issuer !== undefined ? { issuer: config.issuer } : {}),
        ...(config.authorizationURL !== undefined ? { authorizationUrl: config.authorizationURL } : {}),
        ...(config.tokenURL !== undefined ? { tokenUrl: config.tokenURL } : {}),
        ...(config.userInfoURL !== undefined ? { userInfoUrl: config.userInfoURL } : {}),
        ...(config.clientId !== undefined ? { clientId: config.clientId } : {}),
        ...(config.clientSecret !== undefined
          ? { sealedClientSecret: deps.secrets.seal(config.clientSecret) }
          : {}),
      };
      const record = await deps.db.transaction().execute(async (tx) => {
        const before = await requireProvider(deps.repo, tx, id);
        const updated = await deps.repo.updateProvider(tx, id, changes, deps.clock.now());
        const audit = updated && diffFields(audited(before), audited(updated), SECRET);
        if (updated && audit && Object.keys(audit).length > 0)
          await deps.audit.record(tx, {
            action: 'sso-provider.updated',
            target: auditTarget(updated),
            changes: audit,
          });
        return updated;
      });
      if (!record) throw providerNotFound();
      deps.relyingParty.forget(id);
      return toProvider(record);
    },

    /** Its identities go with it; their accounts stay (and can set a password by reset). */
    async delete(id: number): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        const before = await requireProvider(deps.repo, tx, id);
        if (!(await deps.repo.deleteProvider(tx, id))) throw providerNotFound();
        await deps.audit.record(tx, {
          action: 'sso-provider.deleted',
          target: auditTarget(before),
          changes: diffFields(audited(before), {}, SECRET),
        });
      });
      deps.relyingParty.forget(id);
    },

    /** A Keycloak realm's or any issuer's endpoints for the providers page, read by the server. */
    discoverProvider: (body: SsoDiscoveryBody) =>
      discoverProvider(body, { policy: deps.outbound, fetch: deps.providerFetch }),
  };
}
