// The registry of questionnaires: a new questionnaire is a new definition file listed here
// (and its entry in the Go table params/questionnaires.go, whose names the router reads
// from src/generated/registry.ts without loading these).
import type { Questionnaire } from '../types';
import { ac } from './ac';
import { aot } from './aot';
import { ccn } from './ccn';
import { crt } from './crt';
import { def } from './def';
import { exp } from './exp';
import { demographics } from './form';
import { final } from './final';
import { ftg } from './ftg';
import { imp } from './imp';
import { lean } from './lean';
import { ses } from './ses';
import { socialmediause } from './socialmediause';

/** QUESTIONNAIRES lists every questionnaire in the spec's page order. */
export const QUESTIONNAIRES: readonly Questionnaire[] = [
  demographics,
  crt,
  ses,
  socialmediause,
  lean,
  imp,
  ac,
  aot,
  ccn,
  def,
  exp,
  ftg,
  final,
];

/** questionnaire returns the definition served at /form/<name>, if any. */
export function questionnaire(name: string): Questionnaire | undefined {
  return QUESTIONNAIRES.find((q) => q.name === name);
}
