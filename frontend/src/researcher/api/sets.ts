// The stimulus library: sets as the wizard and the library list them, and storing a set.
import { call, enc, ResearcherApiError } from './client';

/** EntitySetInfo is one stimulus set of the lab's library. */
export interface EntitySetInfo {
  entity_set: string;
  entity_category: string;
  num_entities: number;
  /** hidden: hidden from the wizard in the library (the spec's blocked list, kept on the server). */
  hidden?: boolean;
}

/** pullEntitySets lists the stimulus sets (the server sends them as JSON text). */
export async function pullEntitySets(): Promise<EntitySetInfo[]> {
  const data = await call<{ entity_sets?: unknown }>('/v1/pull_entity_sets');
  let sets = data.entity_sets;
  if (typeof sets === 'string') {
    try {
      sets = JSON.parse(sets);
    } catch {
      throw new ResearcherApiError(200, 'bad_response', 'The list of stimulus sets could not be read.');
    }
  }
  return Array.isArray(sets) ? (sets as EntitySetInfo[]) : [];
}

/** ingestEntitySet stores a stimulus set from the upload page's rows (spec §3 "Upload
 * payload"); it answers the stored name and the number of cards. A problem in the rows is a
 * 400 whose message names the record, a name already taken a 409. */
export function ingestEntitySet(settings: {
  setname: string;
  category: string;
  covariates: Array<Record<string, string>>;
  comments?: string;
}): Promise<{ entity_set: string; num_entities: number; num_comments?: number }> {
  return call('/v1/ingest_entity_set', { body: { entity_set_settings: settings } });
}

/** ingestHostedSet creates a set whose cards show uploaded files: media maps each row's
 * filename to the stored name. The set is made only if every file is on the appliance. */
export function ingestHostedSet(settings: {
  setname: string;
  category: string;
  covariates: Array<Record<string, string>>;
  media: Record<string, string>;
  comments?: string;
  comment_avatars?: Record<string, string>;
}): Promise<{ entity_set: string; num_entities: number; num_comments?: number }> {
  return call('/v1/ingest_entity_set', { body: { entity_set_settings: settings } });
}

/** LibrarySet is a stimulus set as the library lists it. */
export interface LibrarySet {
  entity_set: string;
  entity_category: string;
  num_entities: number;
  builtin: boolean;
  hidden: boolean;
  uploaded_by: string;
  /** created_at is Unix ms. */
  created_at: number;
  /** used_by lists the studies using it that the researcher may see; used_by_others counts the rest. */
  used_by: string[];
  used_by_others: number;
}

/** SetCard is one card of a set, with its covariates. */
export interface SetCard {
  entity_id: number;
  position: number;
  entity_url: string;
  source_url: string;
  filename: string;
  retrieve_date: string;
  entity_type: string;
  headline: string;
  covariates: Record<string, string>;
}

/** listSets lists the lab's stimulus library, newest first. */
export async function listSets(): Promise<LibrarySet[]> {
  return (await call<{ sets?: LibrarySet[] }>('/v1/sets')).sets ?? [];
}

/** getSet answers one set with its cards in order; an unknown set is a 404. */
export function getSet(name: string): Promise<{ set: LibrarySet; columns: string[]; cards: SetCard[] }> {
  return call(`/v1/sets/${enc(name)}`);
}

/** hideSet hides a set from the study wizard, or shows it again. */
export function hideSet(name: string, hidden: boolean): Promise<{ hidden: boolean }> {
  return call(`/v1/sets/${enc(name)}/hidden`, { body: { hidden } });
}

/** deleteSet deletes a set no study uses (409 in_use otherwise). */
export function deleteSet(name: string): Promise<{ media_removed: number }> {
  return call(`/v1/sets/${enc(name)}`, { method: 'DELETE' });
}
