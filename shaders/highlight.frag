#version 330
// Highlights (target marks, glowing columns, outline frames): a separate program so the
// board's full-screen planes keep their short fragment shader.
uniform float m_alpha_mul;  // multiplies the opacity (outlines seen through things are fainter)
uniform float m_fade;
uniform vec4 m_band;        // outlines: (lo, hi, width, dark): a frame from lo to hi (cell units) of that
                            // width gets a dark edge of width ``dark`` on both sides (contrast on any ground)       // > 0: opacity falls by this fraction from the floor (v_h 0) to the top (v_h 1)

in vec2 v_cell;
in vec4 v_color;
in float v_h;
out vec4 f_color;

void main() {
    vec3 c = v_color.rgb;
    float a = v_color.a;
    if (m_fade > 0.0) {
        float t = clamp(v_h, 0.0, 1.0);
        a *= 1.0 - m_fade * t;
        c = mix(c, vec3(1.0), 0.25 * (1.0 - t));   // a brighter glow at the floor
    }
    if (m_band.w > 0.0) {
        vec2 v = v_cell;
        float d = min(min(v.x - m_band.x, m_band.y - v.x), min(v.y - m_band.x, m_band.y - v.y));
        if (d < m_band.w || d > m_band.z - m_band.w) {
            c *= 0.12;
        }
    }
    f_color = vec4(c, a * m_alpha_mul);
}
