/** Registers every element: the entry of the IIFE bundle for plain script tags. */
import './frame/define';
import './pages/define';
import './booking/define';
import './questionnaire/define';
import './auth/define';
import './deny/define';
import './appointment/define';
import './booking-request/define';
import './kiosk/define';
import './kiosk-idle/define';
import './checkin/define';
import './image-viewer/define';
import './referrer-viewer/define';
import './results/define';
