#version 330
uniform float m_checker;    // 1: checkerboard with grid lines; 0: flat colour
uniform vec2 m_origin;      // cell coordinate of the mesh origin (so the checker stays aligned)

in vec2 v_cell;
in vec4 v_color;
out vec4 f_color;

void main() {
    vec3 c = v_color.rgb;
    if (m_checker > 0.5) {
        vec2 cell = v_cell + m_origin;
        vec2 k = floor(cell);
        float odd = mod(k.x + k.y, 2.0);
        c *= mix(1.0, 0.84, odd);
        vec2 f = abs(fract(cell) - 0.5);
        float edge = max(f.x, f.y);
        c *= edge > 0.47 ? 0.6 : 1.0;   // grid line
    }
    f_color = vec4(c, v_color.a);
}
