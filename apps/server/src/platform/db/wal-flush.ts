import { closeSync, fdatasync, openSync } from 'node:fs';

/** Makes what SQLite has written so far durable, off the event loop's thread. */
export type DiskFlush = {
  flush(): Promise<void>;
  close(): void;
};

/**
 * `fdatasync` of SQLite's WAL file in libuv's thread pool (docs/decisions/0005-sqlite-group-commit.md,
 * amendment of stop 39). A commit in WAL mode only appends frames to that file, so once the file's
 * data is on disk, so is every transaction committed before the call. The descriptor is our own:
 * a sync applies to the file, whichever descriptor wrote it. SQLite keeps the file for the life of
 * its connection (exclusive locking mode); it truncates it at most, which keeps the same file.
 */
export function walFlush(walFile: string): DiskFlush {
  let descriptor: number | undefined;
  return {
    flush: () =>
      new Promise<void>((resolve, reject) => {
        try {
          // Opened at the first flush: the file exists once something was committed.
          descriptor ??= openSync(walFile, 'r+');
        } catch (error) {
          reject(error);
          return;
        }
        fdatasync(descriptor, (error) => (error ? reject(error) : resolve()));
      }),
    close: () => {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}
