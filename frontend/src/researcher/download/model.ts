// The download page's pure part (spec §2 "Download data", §3 "Download request", §4
// "Download flow", §5 "Download", §8): the six data types, the form's rule, the request,
// the file name and the status messages in the spec's words.
import * as Yup from 'yup';
import type { DumpRequest } from '../api';

/** DATA_TYPES are the spec's six options, in its order, with their labels. */
export const DATA_TYPES = [
  { value: 'engagement', label: 'Feed engagement data' },
  { value: 'user_form', label: 'User information' },
  { value: 'entity_info', label: 'Entity information (covariates for stimuli)' },
  { value: 'experiment_parameters', label: 'Experiment parameters' },
  { value: 'inventory', label: 'Inventory (for creating custom feed algorithms)' },
  { value: 'stimulus_set', label: 'Stimulus set' },
] as const;

/** STATUS holds the spec's status messages. */
export const STATUS = {
  processing: 'Processing downloaded data',
  ready: 'Data ready for download. Preparing csv...',
  downloading: 'Downloading data...',
  finished: 'Finish downloading data',
  noData: 'No data found. Did you enter your experiment ID correctly?',
  failed: 'Whoops. Something went wrong.',
} as const;

/** DownloadValues are the form's values. */
export interface DownloadValues {
  data_type: string;
  id: string;
}

/** downloadSchema: both fields are required and the type is one of the six (spec §5). */
export const downloadSchema = Yup.object({
  data_type: Yup.string()
    .required('Choose what to download.')
    .oneOf(
      DATA_TYPES.map((t) => t.value),
      'Choose what to download.',
    ),
  id: Yup.string().trim().required('Enter experiment ID or stimulus set name.'),
});

/** dumpRequest is dump_data's body: the id as idName and as experiment_id or stimulus_set. */
export function dumpRequest(values: DownloadValues): DumpRequest {
  const id = values.id.trim();
  return values.data_type === 'stimulus_set'
    ? { idName: id, data_type: values.data_type, stimulus_set: id }
    : { idName: id, data_type: values.data_type, experiment_id: id };
}

/** dumpFilename is `{id}_{type}.csv`, the id kept to characters every file system takes
 * (as the server's Content-Disposition does). */
export function dumpFilename(values: DownloadValues): string {
  return `${values.id.trim().replace(/[^A-Za-z0-9_.-]+/g, '_')}_${values.data_type}.csv`;
}
