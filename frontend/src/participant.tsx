// Entry of the participant bundle: everything a participant's browser downloads.
// Researcher code must never be imported from here (see build.mjs's size budget).
import { render } from 'react-dom';
import './styles/base.css';
import './styles/participant.css';
import { App } from './participant/App';

render(<App />, document.getElementById('app')!);
