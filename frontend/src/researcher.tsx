// Entry of the researcher bundle, served only on researcher routes (researcher.html).
import { render } from 'react-dom';
import './styles/base.css';
import './styles/researcher.css';
import { App } from './researcher/App';

render(<App />, document.getElementById('app')!);
