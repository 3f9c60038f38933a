#!/usr/bin/env node
// The tool server over stdio, for `npx standards-explorer-mcp` from a clone: runs the
// TypeScript entry through tsx, which the project installs.
import { register } from 'tsx/esm/api';

register();
await import('./stdio.ts');
