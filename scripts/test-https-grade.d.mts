// Types of test-https-grade.mjs for the e2e spec that imports it.
export declare const NGINX: string;
export declare const OPENSSL: string;
export declare const OBSERVATORY_DIR: string;
export declare const OBSERVATORY_SCAN: string;
export declare function ensureHttpsGradeTools(): Promise<string[]>;
export declare function installObservatory(): Promise<void>;
