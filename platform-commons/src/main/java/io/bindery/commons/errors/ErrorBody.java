package io.bindery.commons.errors;

/** The body of every non-2xx response: {@code {"error":{"code":404,"message":"..."}}}. */
public record ErrorBody(Detail error) {
    public record Detail(int code, String message) {
    }

    public static ErrorBody of(int code, String message) {
        return new ErrorBody(new Detail(code, message));
    }

    /** The same body as a JSON string, for places without an ObjectMapper at hand (Vert.x handlers). */
    public String toJson() {
        StringBuilder sb = new StringBuilder(64 + error.message().length());
        sb.append("{\"error\":{\"code\":").append(error.code()).append(",\"message\":\"");
        for (char c : error.message().toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append("\"}}").toString();
    }
}
