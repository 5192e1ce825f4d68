import { HEADER_COLOUR } from '../../components/Header';
import { FeedIcon } from '../../components/icons';

/** FormHeader is the header bar without links: a participant in the middle of a study
 * should not be one tap away from leaving it. */
export function FormHeader() {
  return (
    <header className="site-header" style={{ backgroundColor: HEADER_COLOUR }}>
      <span className="site-header__home">
        <FeedIcon size={26} />
        <span>feedlab</span>
      </span>
    </header>
  );
}
