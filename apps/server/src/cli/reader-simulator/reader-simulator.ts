import { createHmac } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  type DisplayTone,
  type ReaderToServerFrame,
  type ServerToReaderFrame,
  ServerToReaderFrameSchema,
} from '@toolpass/contracts';
import { WebSocket } from 'ws';
import { z } from 'zod';

/** A card in the simulated reader's field: answers one command APDU with its whole response. */
export interface SimulatedCard {
  process(apdu: Buffer): Buffer;
  /** A card coming into the field starts afresh (no session, nothing selected). */
  enterField?(): void;
}

export const ReaderCredentialsSchema = z.object({
  readerId: z.number().int().min(1),
  readerKey: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReaderCredentials = z.infer<typeof ReaderCredentialsSchema>;

export type CloseInfo = { code: number; reason: string };

export type ReaderSimulatorOptions = {
  /** The app's address (http, https, ws or wss); the socket path is added. */
  server: string;
  deviceId?: string;
  firmware?: string;
  /** A paired reader's id and key; read from and written to `keyFile` when one is given. */
  credentials?: ReaderCredentials;
  /** Where the reader keeps its key (mode 0600), as a real reader keeps it in flash. */
  keyFile?: string;
  /** The member's pick when the server asks (SELECT); undefined picks nothing. */
  chooseResource?: (
    resources: { id: number; name: string }[],
  ) => Promise<number | undefined> | number | undefined;
  /** Where the reader's screen and state go, a line at a time. */
  log?: (line: string) => void;
  /** False makes a hung reader that no longer answers pings. */
  answerPings?: boolean;
};

type Events = {
  pairing: [code: string];
  paired: [credentials: ReaderCredentials];
  display: [display: { text: string; tone: DisplayTone }];
  select: [resources: { id: number; name: string }[]];
  apdu: [exchange: { apdu: Buffer; response: Buffer | undefined }];
  close: [close: CloseInfo];
};

/** The reader socket's address for an app address. */
export function readerSocketUrl(server: string): string {
  const url = new URL('/api/fabreader/websocket', server);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/**
 * An NFC reader in software, a real client of the reader socket (the readers design): pairs by
 * code, keeps its key in a file, authenticates with HMAC over the challenge, shows DISPLAY
 * texts, relays APDUs to the card in its field and answers SELECT. Tests and `npm run reader`
 * drive it.
 */
export class ReaderSimulator extends EventEmitter<Events> {
  credentials: ReaderCredentials | undefined;
  private readonly options: ReaderSimulatorOptions;
  private socket: WebSocket | undefined;
  private closed: Promise<CloseInfo> | undefined;
  private card: SimulatedCard | undefined;

  constructor(options: ReaderSimulatorOptions) {
    super();
    this.options = options;
    this.credentials = options.credentials ?? this.readKeyFile();
  }

  private log(line: string) {
    this.options.log?.(line);
  }

  private readKeyFile(): ReaderCredentials | undefined {
    const file = this.options.keyFile;
    if (!file || !existsSync(file)) return undefined;
    return ReaderCredentialsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  }

  private writeKeyFile(credentials: ReaderCredentials) {
    const file = this.options.keyFile;
    if (!file) return;
    writeFileSync(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
    // writeFileSync keeps the mode of a file that already existed.
    chmodSync(file, 0o600);
  }

  /** Drops the stored key, e.g. after the reader was deleted on the server. */
  forgetKey() {
    this.credentials = undefined;
    if (this.options.keyFile) rmSync(this.options.keyFile, { force: true });
  }

  private send(frame: ReaderToServerFrame) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  /**
   * Opens a socket and answers its challenge: HELLO to pair, AUTH with the stored key, or
   * nothing ('silent'). Resolves once the answer is sent; rejects when the socket closes first.
   */
  private open(mode: 'pair' | 'auth' | 'silent'): Promise<void> {
    const ws = new WebSocket(readerSocketUrl(this.options.server), {
      autoPong: this.options.answerPings ?? true,
    });
    this.socket = ws;
    let answered = false;
    this.closed = new Promise<CloseInfo>((resolve) => {
      ws.on('close', (code, reason) => {
        const info = { code, reason: reason.toString('utf8') };
        if (this.socket === ws) this.socket = undefined;
        this.log(`Disconnected: ${info.code} ${info.reason}`);
        this.emit('close', info);
        resolve(info);
      });
    });
    const closed = this.closed;
    ws.on('error', (error) => this.log(`Socket error: ${error.message}`));
    return new Promise<void>((resolve, reject) => {
      void closed.then((info) => {
        if (!answered)
          reject(Object.assign(new Error(`Closed before the challenge: ${info.code} ${info.reason}`), info));
      });
      ws.on('message', (data) => {
        const parsed = ServerToReaderFrameSchema.safeParse(safeJson(String(data)));
        if (!parsed.success) {
          this.log(`Ignored a frame that is not the protocol's: ${String(data).slice(0, 200)}`);
          return;
        }
        if (parsed.data.type === 'CHALLENGE') {
          answered = true;
          this.answerChallenge(mode, parsed.data.nonce);
          resolve();
          return;
        }
        this.handle(parsed.data);
      });
    });
  }

  private answerChallenge(mode: 'pair' | 'auth' | 'silent', nonce: string) {
    if (mode === 'silent') return;
    if (mode === 'pair') {
      this.send({
        type: 'HELLO',
        deviceId: this.options.deviceId ?? 'toolpass-reader-simulator',
        firmware: this.options.firmware ?? 'simulator',
      });
      return;
    }
    const credentials = this.credentials;
    if (!credentials) throw new Error('The reader has no key: pair it first');
    const mac = createHmac('sha256', Buffer.from(credentials.readerKey, 'hex'))
      .update(Buffer.from(nonce, 'hex'))
      .digest('hex');
    this.send({ type: 'AUTH', readerId: credentials.readerId, mac });
  }

  private handle(frame: ServerToReaderFrame) {
    switch (frame.type) {
      case 'PAIRING':
        this.log(`Pairing code: ${frame.code}`);
        this.emit('pairing', frame.code);
        return;
      case 'PAIRED': {
        const credentials = { readerId: frame.readerId, readerKey: frame.readerKey };
        this.credentials = credentials;
        this.writeKeyFile(credentials);
        this.log(`Paired as reader ${frame.readerId}`);
        this.emit('paired', credentials);
        return;
      }
      case 'DISPLAY':
        this.log(`[${frame.tone}] ${frame.text}`);
        this.emit('display', { text: frame.text, tone: frame.tone });
        return;
      case 'APDU': {
        const apdu = Buffer.from(frame.apdu, 'hex');
        // No card in the field: a real reader's front end finds nothing to send it to.
        if (!this.card) {
          this.log(`APDU ${frame.seq} with no card in the field`);
          this.emit('apdu', { apdu, response: undefined });
          return;
        }
        const response = this.card.process(apdu);
        this.emit('apdu', { apdu, response });
        this.send({ type: 'APDU_RESPONSE', seq: frame.seq, response: response.toString('hex') });
        return;
      }
      case 'SELECT':
        this.emit('select', frame.resources);
        void this.choose(frame.resources);
        return;
      case 'CHALLENGE':
        return;
    }
  }

  private async choose(resources: { id: number; name: string }[]) {
    const chosen = await this.options.chooseResource?.(resources);
    if (chosen !== undefined) this.send({ type: 'SELECTED', resourceId: chosen });
  }

  /**
   * Pairs: HELLO, the code (event `pairing`), then PAIRED once an administrator entered it and
   * the server's normal close. Resolves with the key, which the key file keeps.
   */
  async pair(): Promise<ReaderCredentials> {
    let paired: ReaderCredentials | undefined;
    const onPaired = (credentials: ReaderCredentials) => {
      paired = credentials;
    };
    this.on('paired', onPaired);
    try {
      await this.open('pair');
      const close = await this.waitForClose();
      if (close.code !== 1000 || !paired) {
        throw Object.assign(new Error(`Pairing ended without a key: ${close.code} ${close.reason}`), close);
      }
      return paired;
    } finally {
      this.off('paired', onPaired);
    }
  }

  /** Connects and authenticates with the stored key; the server answers nothing when it accepts. */
  connect(): Promise<void> {
    return this.open('auth');
  }

  /** Connects and answers nothing, as a device that never says HELLO or AUTH. */
  connectSilently(): Promise<void> {
    return this.open('silent');
  }

  /** The close of the current (or last) socket. */
  waitForClose(): Promise<CloseInfo> {
    if (!this.closed) return Promise.reject(new Error('Not connected'));
    return this.closed;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Puts a card in the field and reports it (CARD): every CARD is a tap. */
  tap(uid: string, card: SimulatedCard) {
    card.enterField?.();
    this.card = card;
    this.send({ type: 'CARD', uid });
  }

  /**
   * Taps and resolves with the tap's outcome: the first success or error display after it, not
   * the info displays ("Reading card…") on the way. Rejects when the socket closes first or
   * nothing comes within `timeoutMs`. Listens before the CARD goes, so no display is missed; the
   * benchmark times taps with it.
   */
  tapForOutcome(
    uid: string,
    card: SimulatedCard,
    timeoutMs = 5_000,
  ): Promise<{ text: string; tone: DisplayTone }> {
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        this.off('display', onDisplay);
        this.off('close', onClose);
      };
      const onDisplay = (display: { text: string; tone: DisplayTone }) => {
        if (display.tone === 'info') return;
        finish();
        resolve(display);
      };
      const onClose = (info: CloseInfo) => {
        finish();
        reject(
          Object.assign(new Error(`Closed before the tap's outcome: ${info.code} ${info.reason}`), info),
        );
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`No outcome of the tap within ${timeoutMs} ms`));
      }, timeoutMs);
      this.on('display', onDisplay);
      this.on('close', onClose);
      this.tap(uid, card);
    });
  }

  /** Takes the card away; APDUs then go unanswered (the protocol has no "card removed"). */
  removeCard() {
    this.card = undefined;
  }

  /** Sends a frame as is, for tests of what the server refuses. */
  sendRaw(frame: unknown) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  /** Closes the socket normally and waits for the close. */
  async disconnect(): Promise<void> {
    const socket = this.socket;
    if (!socket || !this.closed) return;
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)
      socket.close(1000);
    await this.closed;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
