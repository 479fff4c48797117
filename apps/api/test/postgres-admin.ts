import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPostgresDatabase, migrateToLatest } from '../src/db/database.ts';
import { seedCatalogue } from '../src/db/seed/catalogue.ts';

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool tx). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A migrated database that test files copy with CREATE DATABASE ... TEMPLATE. */
export async function createTemplateDatabase(url: string): Promise<string> {
  const name = `mirage_tpl_${randomBytes(4).toString('hex')}`;
  await admin(url, `create database ${name}`);
  const handle = createPostgresDatabase(databaseUrl(url, name), 2);
  await migrateToLatest(handle.db);
  await seedCatalogue(handle.db);
  await handle.close();
  return name;
}

export async function cloneDatabase(url: string, template: string): Promise<string> {
  const name = `mirage_t_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${name} template ${template}`);
  return name;
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await admin(url, `drop database if exists ${name} with (force)`);
}
