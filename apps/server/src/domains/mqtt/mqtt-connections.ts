import type { MqttServerStatus, MqttTestResult } from '@toolpass/contracts';

/** What it takes to reach a broker, the password opened. */
export type MqttConnectionSettings = {
  serverId: number;
  host: string;
  port: number;
  useTls: boolean;
  clientId: string | null;
  username: string | null;
  password: string | null;
};

export type MqttMessage = { topic: string; payload: string };

/** The broker side, as the service uses it (adapters/mqtt implements it). */
export type MqttConnections = {
  /** A fresh, short-lived connection; never throws. */
  test(settings: MqttConnectionSettings): Promise<MqttTestResult>;
  /** Through the server's long-lived client, QoS 1; throws when the broker does not accept. */
  publish(settings: MqttConnectionSettings, message: MqttMessage): Promise<void>;
  status(settings: MqttConnectionSettings): Promise<Omit<MqttServerStatus, 'serverId'>>;
  settingsChanged(settings: MqttConnectionSettings): void;
  forget(serverId: number): Promise<void>;
};
