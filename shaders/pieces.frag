#version 330
uniform vec3 m_light;       // direction towards the key light (world, normalised)
uniform float m_ambient;

in vec3 v_normal;
in vec4 v_color;
out vec4 f_color;

void main() {
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    float key = max(dot(n, m_light), 0.0);
    float fill = max(dot(n, normalize(vec3(-0.6, 0.3, 0.5))), 0.0) * 0.35;
    float top = 0.15 * max(n.z, 0.0);
    float l = m_ambient + (1.0 - m_ambient) * key + fill + top;
    f_color = vec4(v_color.rgb * l, v_color.a);
}
