// The download page's pure part (spec §2 "Download data", §3 "Download request", §4
// "Download flow", §5 "Download", §8; issue 9 items 4, 5, 7): the spec's six data types and
// the two analysis-ready ones, the form's rules, the request, the file names and the
// status messages in the spec's words.
import * as Yup from 'yup';
import { EXPORT_TYPES, MAX_TRIM } from '../../generated/registry';
import type { DumpRequest } from '../api';

/** DATA_TYPES are the spec's six options in its order, then feedlab's two derived,
 * analysis-ready exports, with their labels (export.TypeTable, generated). */
export const DATA_TYPES: ReadonlyArray<{ value: string; label: string }> = EXPORT_TYPES.map((t) => ({ value: t.name, label: t.title }));

/** ofSet: the type's id is a stimulus set's name, not an experiment_id. */
const ofSet = (type: string): boolean => EXPORT_TYPES.some((t) => t.name === type && t.ofSet);

/** The largest trim the server takes (export.MaxTrim, generated). */
export { MAX_TRIM };

/** STATUS holds the spec's status messages. */
export const STATUS = {
  processing: 'Processing downloaded data',
  ready: 'Data ready for download. Preparing csv...',
  downloading: 'Downloading data...',
  finished: 'Finish downloading data',
  noData: 'No data found. Did you enter your experiment ID correctly?',
  failed: 'Whoops. Something went wrong.',
} as const;

/** DownloadValues are the form's values. The numbers are '' while their field is empty
 * (Formik's rule for number inputs), which means "none". */
export interface DownloadValues {
  data_type: string;
  id: string;
  include_test: boolean;
  raw: boolean;
  dwell_cap_ms: number | '';
  dwell_floor_ms: number | '';
  trim: number | '';
  saw_every_card: boolean;
  drop_excluded: boolean;
}

/** emptyValues are the form's starting values. */
export const emptyValues: DownloadValues = {
  data_type: '',
  id: '',
  include_test: false,
  raw: false,
  dwell_cap_ms: '',
  dwell_floor_ms: '',
  trim: '',
  saw_every_card: false,
  drop_excluded: false,
};

const optionalCount = (what: string, max?: number) => {
  let s = Yup.number()
    .transform((v, original) => (original === '' || original === null ? undefined : v))
    .typeError(`${what} must be a number.`)
    .integer(`${what} must be a whole number.`)
    .min(0, `${what} cannot be negative.`);
  if (max !== undefined) s = s.max(max, `${what} can be at most ${max}.`);
  return s.optional();
};

/** downloadSchema: a type from the list and an id are required; the exposure options are
 * whole numbers, the cap above the floor (the server's rule, said before sending). */
export const downloadSchema = Yup.object({
  data_type: Yup.string()
    .required('Choose what to download.')
    .oneOf(
      DATA_TYPES.map((t) => t.value),
      'Choose what to download.',
    ),
  id: Yup.string().trim().required('Enter experiment ID or stimulus set name.'),
  dwell_cap_ms: optionalCount('The dwell cap').test('above-floor', 'The dwell cap must be above the dwell floor.', function (cap) {
    const floor = this.parent.dwell_floor_ms;
    return !cap || typeof floor !== 'number' || cap > floor;
  }),
  dwell_floor_ms: optionalCount('The dwell floor'),
  trim: optionalCount('Trim', MAX_TRIM),
});

const count = (v: number | ''): number => (typeof v === 'number' && v > 0 ? v : 0);

/** dumpRequest is dump_data's body: the id as idName and as experiment_id or stimulus_set,
 * and only the options that differ from the default (the cleaning only for exposures). */
export function dumpRequest(values: DownloadValues, codebook = false): DumpRequest {
  const id = values.id.trim();
  const req: DumpRequest =
    ofSet(values.data_type)
      ? { idName: id, data_type: values.data_type, stimulus_set: id }
      : { idName: id, data_type: values.data_type, experiment_id: id };
  if (values.include_test && !ofSet(values.data_type)) req.include_test = true;
  if (values.raw) req.raw = true;
  if (values.data_type === 'exposures') {
    if (count(values.dwell_cap_ms)) req.dwell_cap_ms = count(values.dwell_cap_ms);
    if (count(values.dwell_floor_ms)) req.dwell_floor_ms = count(values.dwell_floor_ms);
    if (count(values.trim)) req.trim = count(values.trim);
    if (values.saw_every_card) req.saw_every_card = true;
    if (values.drop_excluded) req.drop_excluded = true;
  }
  if (codebook) req.codebook = true;
  return req;
}

/** fileSafe keeps an id to characters every file system takes (as the server does). */
function fileSafe(id: string): string {
  return id.trim().replace(/[^A-Za-z0-9_.-]+/g, '_');
}

/** dumpFilename is `{id}_{type}.csv`. */
export function dumpFilename(values: Pick<DownloadValues, 'id' | 'data_type'>): string {
  return `${fileSafe(values.id)}_${values.data_type}.csv`;
}

/** codebookFilename is `{id}_{type}_codebook.md`, saved beside the CSV. */
export function codebookFilename(values: Pick<DownloadValues, 'id' | 'data_type'>): string {
  return `${fileSafe(values.id)}_${values.data_type}_codebook.md`;
}
