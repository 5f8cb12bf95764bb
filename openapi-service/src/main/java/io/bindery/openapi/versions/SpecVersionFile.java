package io.bindery.openapi.versions;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;

/** A file of a version: the entry point at position 0, then each file its $refs reached. */
@Entity
@Table(name = "openapi_spec_file")
@IdClass(SpecVersionFile.Key.class)
public class SpecVersionFile {
    @Id
    @Column(name = "version_id")
    public String versionId;
    @Id
    public int position;
    public String url;
    public String path;
    public String content;

    public static class Key implements Serializable {
        public String versionId;
        public int position;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Objects.equals(versionId, k.versionId) && position == k.position;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(versionId, position);
        }
    }
}
