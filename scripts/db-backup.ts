/**
 * `npm run db:backup -- [--out FILE]` and `npm run db:restore -- FILE [--force]`: the backup of
 * the embedded database (PGlite in DATA_DIR/pglite) and of the uploaded files (DATA_DIR/storage),
 * in one file, and its restore into a fresh DATA_DIR. docs/operations.md, "Backups", says when
 * and how to use them.
 *
 * The backup file is a plain tar holding
 *   rexer-backup.json   what it is: format version, date, PGlite and PostgreSQL versions, migrations
 *   pglite.tar.gz       PGlite's own dump of its data folder (`dumpDataDir('gzip')`), the form
 *                       `loadDataDir` reads back (the test databases use the same pair)
 *   storage/…           the uploaded and generated files, as they are on disk
 * PGlite's dump is a copy of the data folder rather than SQL: it restores into the same PGlite
 * (PostgreSQL 18 in WebAssembly, as of PGlite 0.5), not into a PostgreSQL server. An SQL dump of
 * PGlite would need @electric-sql/pglite-tools, whose release pins an older PGlite (0.5.8, exactly)
 * than the one the app runs.
 *
 * PGlite allows one process per data folder and does not enforce it: a second process opens the
 * folder and both write over each other. The server must be stopped (the backup takes the server's
 * own lock of the folder, server/db/folder-lock.ts, while it dumps). While a PGlite is open its
 * folder holds `postmaster.pid` (removed when it closes cleanly), so both commands refuse to run
 * while that file is there; a server killed without closing leaves it, and starting and stopping
 * the server once removes it (or a restore goes into another, empty DATA_DIR).
 *
 * With DATABASE_URL set, the database is a PostgreSQL server: both commands print the pg_dump and
 * pg_restore commands to use instead and exit with status 2.
 *
 * Progress goes to stdout; a failure is one line on stderr and exit status 1, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { constants, openAsBlob } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { FolderInUseError, lockFolder } from '../server/db/folder-lock';

/** What rexer-backup.json says; `format` and `version` tell a restore it can read the file. */
export interface BackupManifest {
  format: 'rexer-backup';
  version: 1;
  createdAt: string;
  database: {
    kind: 'pglite';
    /** The @electric-sql/pglite release that wrote the dump. */
    pglite: string;
    /** PG_VERSION of the data folder (PostgreSQL's major version). */
    postgres: string;
    /** Applied migrations (rows of drizzle.__drizzle_migrations) and the newest one's timestamp. */
    migrations: number;
    lastMigrationAt: number | null;
    dumpBytes: number;
  };
  storage: { files: number; bytes: number };
}

const MANIFEST = 'rexer-backup.json';
const DUMP = 'pglite.tar.gz';
const STORAGE = 'storage';
const PGLITE = 'pglite';
/** The extensions the migrations create; PGlite loads their code when they are listed. */
const EXTENSIONS = { cube, earthdistance };

/** A failure the person running the command can act on: printed as it is, on one line. */
export class BackupError extends Error {}

export interface Paths {
  dataDir: string;
}

type Log = (line: string) => void;

/**
 * A file named on the command line, from where the person typed it: npm runs scripts in the
 * project's folder and says where it was called from in INIT_CWD.
 */
export function fromCallerDir(file: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD || process.cwd(), file);
}

/** DATA_DIR as the server reads it (./data by default, from the project's folder under npm), absolute. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR?.trim() || './data');
}

const exists = (file: string) =>
  access(file, constants.F_OK).then(
    () => true,
    () => false,
  );

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Refuses while a process has the PGlite folder open (or one was killed with it open). */
async function assertNotInUse(pgliteDir: string, ifNoServer: string): Promise<void> {
  if (await exists(path.join(pgliteDir, 'postmaster.pid')))
    throw new BackupError(
      `the database in ${pgliteDir} is open (its postmaster.pid is there): stop the Rexer server first, PGlite allows one process per data folder; if no server runs, it was stopped abruptly: ${ifNoServer}`,
    );
}

async function pgliteVersion(): Promise<string> {
  // The package exports no package.json: found from its entry point upwards.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (await exists(manifest)) {
      const read = JSON.parse(await readFile(manifest, 'utf8')) as { name?: string; version?: string };
      if (read.name === '@electric-sql/pglite' && read.version) return read.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** Every file under dir (recursively): count and bytes. */
async function tally(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await tally(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += (await stat(full)).size;
    }
  }
  return { files, bytes };
}

/** Runs the system's tar; its own message when it fails. */
async function tar(args: string[]): Promise<void> {
  const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new BackupError('the tar command was not found: install tar (GNU tar or bsdtar)');
    throw error;
  });
  if (code !== 0)
    throw new BackupError(`tar ${args[0]} failed: ${stderr.trim().split('\n').join(' ') || `exit ${code}`}`);
}

async function migrationsOf(db: PGlite): Promise<{ count: number; last: number | null }> {
  const table = await db.query<{ found: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!table.rows[0]?.found) return { count: 0, last: null };
  const rows = await db.query<{ count: number; last: string | null }>(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const row = rows.rows[0];
  return { count: row?.count ?? 0, last: row?.last ? Number(row.last) : null };
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** Writes the backup of dataDir to `out` (default: rexer-backup-<date>-<time>.tar here); returns its path. */
export async function backup(opts: {
  dataDir: string;
  out?: string;
  /** STORAGE_URL is set: the uploaded files are in a bucket, not in DATA_DIR/storage, and not in this file. */
  filesInBucket?: boolean;
  log?: Log;
}): Promise<string> {
  const log = opts.log ?? (() => {});
  const pgliteDir = path.join(opts.dataDir, PGLITE);
  const storageDir = path.join(opts.dataDir, STORAGE);
  if (!(await exists(path.join(pgliteDir, 'PG_VERSION'))))
    throw new BackupError(
      `there is no database in ${pgliteDir}: set DATA_DIR to the folder the server uses (./data by default)`,
    );
  await assertNotInUse(pgliteDir, 'start it and stop it once (Ctrl+C or SIGTERM), then back up again');
  const out = path.resolve(opts.out ?? fromCallerDir(`rexer-backup-${stamp(new Date())}.tar`));
  if (await exists(out)) throw new BackupError(`${out} already exists: name another file with --out`);
  if (!(await exists(path.dirname(out)))) throw new BackupError(`the folder ${path.dirname(out)} does not exist`);

  log(`Backing up the embedded database and the uploaded files of ${opts.dataDir}`);
  const staging = await mkdtemp(path.join(path.dirname(out), '.rexer-backup-'));
  const partial = `${out}.part`;
  try {
    // The server's own lock of the folder (server/db/folder-lock.ts): no server starts on it meanwhile.
    const unlock = await lockFolder(pgliteDir).catch((error: unknown) => {
      throw error instanceof FolderInUseError ? new BackupError(`${error.message}`) : error;
    });
    let db: PGlite;
    try {
      db = await PGlite.create({ dataDir: pgliteDir, extensions: EXTENSIONS });
    } catch (error) {
      await unlock();
      throw new BackupError(`could not open the database in ${pgliteDir}: ${(error as Error).message}`);
    }
    let migrations: { count: number; last: number | null };
    let dump: Blob;
    try {
      migrations = await migrationsOf(db);
      log(`  database: ${migrations.count} migrations applied; dumping ${pgliteDir}`);
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
      await unlock();
    }
    await writeFile(path.join(staging, DUMP), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    log(`  database: ${megabytes(dump.size)} (compressed)`);

    const withFiles = !opts.filesInBucket && (await exists(storageDir));
    const files = withFiles ? await tally(storageDir) : { files: 0, bytes: 0 };
    log(
      opts.filesInBucket
        ? '  uploaded files: not in this backup, they are in the bucket of STORAGE_URL: back the bucket up with its own tools'
        : withFiles
          ? `  uploaded files: ${files.files} files, ${megabytes(files.bytes)} (${storageDir})`
          : `  uploaded files: none (${storageDir} does not exist)`,
    );
    const manifest: BackupManifest = {
      format: 'rexer-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: {
        kind: 'pglite',
        pglite: await pgliteVersion(),
        postgres: (await readFile(path.join(pgliteDir, 'PG_VERSION'), 'utf8')).trim(),
        migrations: migrations.count,
        lastMigrationAt: migrations.last,
        dumpBytes: dump.size,
      },
      storage: files,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    if (!withFiles) await mkdir(path.join(staging, STORAGE));

    log(`  writing ${out}`);
    const storageArgs = withFiles ? ['-C', opts.dataDir, STORAGE] : [STORAGE];
    await tar(['-cf', partial, '-C', staging, MANIFEST, DUMP, ...storageArgs]);
    // It holds personal data: readable by its owner only.
    await chmod(partial, 0o600);
    await rename(partial, out);
    log(`Backup written: ${out} (${megabytes((await stat(out)).size)})`);
    return out;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The newest migration this code knows (drizzle records each one's journal `when` as created_at). */
async function newestMigrationAt(): Promise<number | null> {
  const journal = fileURLToPath(new URL('../server/db/migrations/meta/_journal.json', import.meta.url));
  const { entries } = JSON.parse(await readFile(journal, 'utf8')) as { entries: { when: number }[] };
  return entries.length > 0 ? Math.max(...entries.map((entry) => entry.when)) : null;
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Restores `file` into dataDir: its database into dataDir/pglite, its files into dataDir/storage.
 * Refuses when either already holds something, unless `force` (then both are replaced, once the
 * backup has been read and loaded in full). Anything else in dataDir is left as it is.
 */
export async function restore(opts: { dataDir: string; file: string; force?: boolean; log?: Log }): Promise<void> {
  const log = opts.log ?? (() => {});
  const file = path.resolve(opts.file);
  const pgliteDir = path.join(opts.dataDir, PGLITE);
  const storageDir = path.join(opts.dataDir, STORAGE);
  if (!(await exists(file))) throw new BackupError(`${file} does not exist`);
  await assertNotInUse(pgliteDir, 'restore into another, empty DATA_DIR');
  const full: string[] = [];
  for (const dir of [pgliteDir, storageDir]) if (await isNonEmptyDir(dir)) full.push(dir);
  if (full.length > 0 && !opts.force)
    throw new BackupError(
      `${opts.dataDir} already holds ${full.map((dir) => path.basename(dir)).join(' and ')}: restore into an empty DATA_DIR, or add --force to replace them`,
    );

  log(`Restoring ${file} into ${opts.dataDir}`);
  await mkdir(opts.dataDir, { recursive: true });
  // Beside its destination, so moving it into place is a rename.
  const staging = await mkdtemp(path.join(opts.dataDir, '.rexer-restore-'));
  try {
    await tar(['-xf', file, '-C', staging]);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError(`${file} is not a Rexer backup (no readable ${MANIFEST} in it)`);
    }
    if (manifest.format !== 'rexer-backup' || manifest.version !== 1 || manifest.database?.kind !== 'pglite')
      throw new BackupError(
        `${file} is a backup this version of Rexer cannot read (${MANIFEST}: format version ${manifest.version})`,
      );
    if (!(await exists(path.join(staging, DUMP)))) throw new BackupError(`${file} holds no ${DUMP}: it is incomplete`);
    const newest = await newestMigrationAt();
    if (manifest.database.lastMigrationAt !== null && newest !== null && manifest.database.lastMigrationAt > newest)
      throw new BackupError(
        `${file} was made by a newer Rexer (its database has migrations this version does not know): restore it with the version that made it, or a later one`,
      );
    log(
      `  backup of ${manifest.createdAt}: PGlite ${manifest.database.pglite}, ${manifest.database.migrations} migrations, ${manifest.storage.files} uploaded files`,
    );

    const loaded = path.join(staging, PGLITE);
    try {
      const dump = await openAsBlob(path.join(staging, DUMP), { type: 'application/x-gzip' });
      const db = await PGlite.create({ dataDir: loaded, loadDataDir: dump, extensions: EXTENSIONS });
      try {
        const migrations = await migrationsOf(db);
        if (migrations.count !== manifest.database.migrations)
          throw new BackupError(
            `the restored database has ${migrations.count} migrations where the backup recorded ${manifest.database.migrations}`,
          );
      } finally {
        await db.close();
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `could not load the database of ${file} (written by PGlite ${manifest.database.pglite}, this is PGlite ${await pgliteVersion()}): ${(error as Error).message}`,
      );
    }
    log(`  database: loaded (${megabytes(manifest.database.dumpBytes)} compressed)`);

    const restoredFiles = path.join(staging, STORAGE);
    if (!(await exists(restoredFiles))) await mkdir(restoredFiles);
    const counted = await tally(restoredFiles);
    if (counted.files !== manifest.storage.files)
      throw new BackupError(
        `${file} holds ${counted.files} uploaded files where the backup recorded ${manifest.storage.files}: it is incomplete`,
      );

    // Everything is read: only now is what was there replaced.
    const old = path.join(staging, 'replaced');
    await mkdir(old);
    const replaced: string[] = [];
    for (const dir of [pgliteDir, storageDir])
      if (await exists(dir)) {
        await rename(dir, path.join(old, path.basename(dir)));
        replaced.push(path.basename(dir));
      }
    await rename(loaded, pgliteDir);
    await rename(restoredFiles, storageDir);
    if (replaced.length > 0) log(`  replaced the previous ${replaced.join(' and ')} of ${opts.dataDir} (--force)`);
    log(`  uploaded files: ${counted.files} files, ${megabytes(counted.bytes)} (${storageDir})`);
    log(`Restored into ${opts.dataDir}: start the server with DATA_DIR=${opts.dataDir} and check GET /readyz`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The backup of a PostgreSQL database, in pg_dump's custom format (docs/operations.md, "Backups"). */
export const PG_BACKUP_COMMAND = 'pg_dump --format=custom --file=rexer.dump "$DATABASE_URL"';

/**
 * Its restore into a new, empty database. Not `pg_restore --dbname` alone: a restore runs with an
 * empty search_path, where earthdistance's ll_to_earth (an SQL function naming `earth` without its
 * schema) cannot be inlined, so the search's index on it fails to build ("type earth does not
 * exist"). The script pg_restore writes gets the search_path of the schema the extensions live in.
 */
export const PG_RESTORE_COMMAND =
  'pg_restore --no-owner --no-privileges --no-comments --file=- rexer.dump' +
  ` | sed "s/set_config('search_path', '', false)/set_config('search_path', 'public, pg_catalog', false)/g"` +
  ' | psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --single-transaction --output=/dev/null --dbname="$NEW_DATABASE_URL"';

/** What to run instead when the database is a PostgreSQL server. */
export function postgresInstructions(dataDir: string, filesInBucket = false): string {
  const files = filesInBucket
    ? [
        "The uploaded files are not in the database but in the bucket of STORAGE_URL: copy it with the store's tools too, for instance:",
        '',
        '  aws s3 sync s3://BUCKET/PREFIX rexer-files/',
      ]
    : [
        `The uploaded files are not in the database: back up ${path.join(dataDir, STORAGE)} too, and put it back in the new DATA_DIR:`,
        '',
        `  tar -cf rexer-files.tar -C "${dataDir}" ${STORAGE}`,
        '  tar -xf rexer-files.tar -C "$NEW_DATA_DIR"',
      ];
  return [
    "DATABASE_URL is set: the database is a PostgreSQL server. Back it up with PostgreSQL's own tools (the servers may run):",
    '',
    `  ${PG_BACKUP_COMMAND}`,
    '',
    'Restore it into a new, empty database, then point DATABASE_URL at that one (NEW_DATABASE_URL is its URL):',
    '',
    '  createdb --maintenance-db="$DATABASE_URL" rexer_restored',
    `  ${PG_RESTORE_COMMAND}`,
    '',
    ...files,
    '',
    'docs/operations.md, "Backups", has the rest.',
  ].join('\n');
}

const USAGE = [
  'usage: npm run db:backup -- [--out FILE]',
  '       npm run db:restore -- FILE [--force]',
  'DATA_DIR names the data folder, as for the server (./data by default).',
].join('\n');

/** The command line; resolves to the exit status. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const name = command === 'restore' ? 'db:restore' : 'db:backup';
  try {
    if (command !== 'backup' && command !== 'restore') throw new BackupError(USAGE);
    const dataDir = dataDirFromEnv(env);
    if (env.DATABASE_URL?.trim()) {
      console.log(postgresInstructions(dataDir, Boolean(env.STORAGE_URL?.trim())));
      return 2;
    }
    const flags = new Set(rest.filter((arg) => arg.startsWith('--')));
    const args = rest.filter((arg) => !arg.startsWith('--'));
    if (command === 'backup') {
      const outAt = rest.indexOf('--out');
      const out = outAt >= 0 ? rest[outAt + 1] : undefined;
      if (outAt >= 0 && (!out || out.startsWith('--'))) throw new BackupError('--out needs a file name');
      const unknown = [...flags].filter((flag) => flag !== '--out');
      if (unknown.length > 0 || args.length > (out ? 1 : 0)) throw new BackupError(USAGE);
      await backup({
        dataDir,
        out: out && fromCallerDir(out, env),
        filesInBucket: Boolean(env.STORAGE_URL?.trim()),
        log: (line) => console.log(line),
      });
    } else {
      const unknown = [...flags].filter((flag) => flag !== '--force');
      if (unknown.length > 0 || args.length !== 1) throw new BackupError(USAGE);
      await restore({
        dataDir,
        file: fromCallerDir(args[0], env),
        force: flags.has('--force'),
        log: (line) => console.log(line),
      });
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof BackupError ? `${name}: ${message}` : `${name} failed: ${message.split('\n')[0]}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
