import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes opening one data directory would corrupt it. The first to open it
 * writes its pid in `checkout.pid` there; another process (the organiser or reconcile command while the api runs) is
 * refused with a sentence saying what to do. A file left by a process that died is taken over.
 */
export const LOCK_FILE = 'checkout.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid === process.pid) return () => undefined;
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new Error(
          `The embedded database in ${dataDir} is open in another process (pid ${pid}, most likely the api). ` +
            'Stop it and run this again, or run both on PostgreSQL (DATABASE_URL).',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}.`);
}
