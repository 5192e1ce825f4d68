// Published background research on attention to accuracy and news sharing: the kind of
// feed experiments feedlab is built to run. Every entry is a real paper with its DOI.

/** Paper is one entry of the home page's research-papers list. */
export interface Paper {
  authors: string;
  year: number;
  title: string;
  venue: string;
  url: string;
}

/** papers are listed newest first. */
export const papers: readonly Paper[] = [
  {
    authors: 'Pennycook, G., & Rand, D. G.',
    year: 2022,
    title: 'Accuracy prompts are a replicable and generalizable approach for reducing the spread of misinformation',
    venue: 'Nature Communications, 13',
    url: 'https://doi.org/10.1038/s41467-022-30073-5',
  },
  {
    authors: 'Pennycook, G., Epstein, Z., Mosleh, M., Arechar, A. A., Eckles, D., & Rand, D. G.',
    year: 2021,
    title: 'Shifting attention to accuracy can reduce misinformation online',
    venue: 'Nature, 592, 590–595',
    url: 'https://doi.org/10.1038/s41586-021-03344-2',
  },
  {
    authors: 'Pennycook, G., McPhetres, J., Zhang, Y., Lu, J. G., & Rand, D. G.',
    year: 2020,
    title:
      'Fighting COVID-19 misinformation on social media: Experimental evidence for a scalable accuracy-nudge intervention',
    venue: 'Psychological Science, 31(7), 770–780',
    url: 'https://doi.org/10.1177/0956797620939054',
  },
  {
    authors: 'Pennycook, G., & Rand, D. G.',
    year: 2019,
    title:
      'Lazy, not biased: Susceptibility to partisan fake news is better explained by lack of reasoning than by motivated reasoning',
    venue: 'Cognition, 188, 39–50',
    url: 'https://doi.org/10.1016/j.cognition.2018.06.011',
  },
];
