import * as z from "zod/mini";
import { en } from "zod/locales";

// The contract is written with zod/mini, which ships no message texts (it keeps the dashboard's
// bundle small). The server words its 422s from zod's messages, so it loads the English ones.
z.config(en());
