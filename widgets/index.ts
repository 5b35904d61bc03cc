/** Registers every element: the entry of the IIFE bundle for plain script tags. */
import './frame/define';
import './pages/define';
import './booking/define';
import './questionnaire/define';
import './auth/define';
import './deny/define';
import './appointment/define';
import './booking-request/define';
