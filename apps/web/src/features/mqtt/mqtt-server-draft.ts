import {
  type CreateMqttServerBody,
  DEFAULT_MQTT_PORT,
  type MqttServer,
  type UpdateMqttServerBody,
} from '@toolpass/contracts';

/** The server form's fields as typed: the port as its digits, the password never filled in. */
export type MqttServerDraft = {
  name: string;
  host: string;
  port: string;
  clientId: string;
  username: string;
  /** A new password; empty keeps the stored one (spec 02 §3: write-only). */
  password: string;
  /** Forget the stored password; only offered when one is stored. */
  clearPassword: boolean;
  useTls: boolean;
};

export type MqttServerField = 'name' | 'host' | 'port';
export type MqttServerProblem = 'required' | 'port';
export type MqttServerProblems = Partial<Record<MqttServerField, MqttServerProblem>>;

const MAX_PORT = 65_535;

export function draftOfServer(server?: MqttServer): MqttServerDraft {
  return {
    name: server?.name ?? '',
    host: server?.host ?? '',
    port: String(server?.port ?? DEFAULT_MQTT_PORT),
    clientId: server?.clientId ?? '',
    username: server?.username ?? '',
    password: '',
    clearPassword: false,
    useTls: server?.useTls ?? false,
  };
}

/** Name, host and port are required; the port is a whole number from 1 to 65535 (spec 02 §5). */
export function validateServerDraft(draft: MqttServerDraft): MqttServerProblems {
  const problems: MqttServerProblems = {};
  if (!draft.name.trim()) problems.name = 'required';
  if (!draft.host.trim()) problems.host = 'required';
  const port = draft.port.trim();
  if (!port) problems.port = 'required';
  else if (!/^[0-9]{1,5}$/.test(port) || Number(port) < 1 || Number(port) > MAX_PORT) problems.port = 'port';
  return problems;
}

export const hasServerProblems = (problems: MqttServerProblems) => Object.keys(problems).length > 0;

/** Empty optional texts are sent as null: none. */
const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function toCreateServerBody(draft: MqttServerDraft): CreateMqttServerBody {
  return {
    name: draft.name.trim(),
    host: draft.host.trim(),
    port: Number(draft.port.trim()),
    clientId: orNull(draft.clientId),
    username: orNull(draft.username),
    // A password is sent as typed: spaces may belong to it.
    ...(draft.password ? { password: draft.password } : {}),
    useTls: draft.useTls,
  };
}

/** Like a new server, except the password: left out keeps it, null forgets it. */
export function toUpdateServerBody(draft: MqttServerDraft): UpdateMqttServerBody {
  const { password: _password, ...rest } = toCreateServerBody(draft);
  if (draft.password) return { ...rest, password: draft.password };
  return draft.clearPassword ? { ...rest, password: null } : rest;
}
