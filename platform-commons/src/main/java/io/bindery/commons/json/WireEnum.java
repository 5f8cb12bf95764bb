package io.bindery.commons.json;

import io.bindery.commons.errors.ApiException;
import jakarta.persistence.AttributeConverter;

import java.util.Arrays;
import java.util.stream.Collectors;

/** An enum whose values have a spelling on the wire (and in the database), e.g. {@code share-link}. */
public interface WireEnum {
    String wire();

    /** The value spelled {@code value}; a 400 naming {@code field} and the accepted values otherwise. */
    static <E extends Enum<E> & WireEnum> E parse(Class<E> type, String field, String value) {
        for (E e : type.getEnumConstants()) {
            if (e.wire().equals(value)) {
                return e;
            }
        }
        throw ApiException.badRequest(field + " must be one of " + Arrays.stream(type.getEnumConstants())
                .map(WireEnum::wire).collect(Collectors.joining(", ")) + ", not '" + value + "'");
    }

    /** Stores the wire spelling in a text column. */
    abstract class Column<E extends Enum<E> & WireEnum> implements AttributeConverter<E, String> {
        private final Class<E> type;

        protected Column(Class<E> type) {
            this.type = type;
        }

        @Override
        public String convertToDatabaseColumn(E value) {
            return value == null ? null : value.wire();
        }

        @Override
        public E convertToEntityAttribute(String value) {
            if (value == null) {
                return null;
            }
            for (E e : type.getEnumConstants()) {
                if (e.wire().equals(value)) {
                    return e;
                }
            }
            throw new IllegalStateException("unknown " + type.getSimpleName() + " '" + value + "' in the database");
        }
    }
}
