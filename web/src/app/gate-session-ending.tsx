import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primereact/resources/primereact.min.css';
import { SessionEndingDialog } from '@/features/login/components/session-ending-dialog';

/** The session-ending dialog with PrimeReact's styles, loaded by the gate when it is due (./gate-app). */
export default SessionEndingDialog;
