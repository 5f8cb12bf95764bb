/**
 * Prism grammars that prism4j-bundler does not ship (shell, Rust, Ruby, PHP), written in Java with prism4j's own API
 * after Prism.js's definitions of these languages: the same token names (so reader.css colours them like the bundled
 * ones), fewer rules where Prism's need JavaScript-only regular expressions or nesting a Java pattern cannot express.
 * {@link io.bindery.sites.reader.grammars.WrittenGrammars} finds them by name or alias.
 */
package io.bindery.sites.reader.grammars;
