// What the script box offers one click away: a starting template and the three examples
// of docs/ranking, bundled from those files so the wizard and the docs never differ.
import arrivalTopic from '../../../../docs/ranking/arrival_topic.star';
import balancedMix from '../../../../docs/ranking/balanced_mix.star';
import scienceFirst from '../../../../docs/ranking/science_first.star';

export interface ScriptTemplate {
  /** label is the button's text. */
  label: string;
  script: string;
}

/** STARTING_TEMPLATE runs on any stimulus set (retrieve_date is a required column). */
export const STARTING_TEMPLATE = `# rank(cards, participant) returns every card exactly once, in the order to show.
# A card is a dict: c["headline"], c["likes"], c["retrieve_date"], and each column of
# its set by name, such as c["topic"]. participant["arrival"] holds the link's
# parameters, participant["seed"] a number for any randomness you need.
def rank(cards, participant):
    # Newest first. Change the key to order by another column.
    return sorted(cards, key = lambda c: c["retrieve_date"], reverse = True)
`;

/** SCRIPT_TEMPLATES are the buttons under the script box, the template first. */
export const SCRIPT_TEMPLATES: ScriptTemplate[] = [
  { label: 'Use the starting template', script: STARTING_TEMPLATE },
  { label: 'Example: topic from the link', script: arrivalTopic },
  { label: 'Example: true and false mixed', script: balancedMix },
  { label: 'Example: science first', script: scienceFirst },
];
